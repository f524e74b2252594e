-- POST a body read from WRK_BODY_FILE, and count responses whose body lacks WRK_EXPECT.
local f = io.open(os.getenv("WRK_BODY_FILE"), "rb")
wrk.method = os.getenv("WRK_METHOD") or "POST"
if wrk.method == "POST" then
  wrk.body = f:read("*a")
  wrk.headers["Content-Type"] = "application/json"
end
f:close()
local expect = os.getenv("WRK_EXPECT")
local bad = 0
function response(status, headers, body)
  if status ~= 200 or (expect and not string.find(body, expect, 1, true)) then bad = bad + 1 end
end
function done(summary, latency, requests)
  io.write(string.format("BAD_BODIES %d\n", bad))
end
