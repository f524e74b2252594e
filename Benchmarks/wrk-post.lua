-- POST a body read from WRK_BODY_FILE, and count responses that are not 200
-- or whose body lacks WRK_EXPECT. wrk runs response() in each thread's own
-- Lua state, so the counts are gathered from the threads in done().
local f = io.open(os.getenv("WRK_BODY_FILE"), "rb")
wrk.method = os.getenv("WRK_METHOD") or "POST"
if wrk.method == "POST" then
  wrk.body = f:read("*a")
  wrk.headers["Content-Type"] = "application/json"
end
f:close()
local expect = os.getenv("WRK_EXPECT")
local threads = {}

function setup(thread)
  table.insert(threads, thread)
end

function init(args)
  bad = 0
end

function response(status, headers, body)
  if status ~= 200 or (expect and not string.find(body, expect, 1, true)) then bad = bad + 1 end
end

function done(summary, latency, requests)
  local total = 0
  for _, t in ipairs(threads) do total = total + (t:get("bad") or 0) end
  io.write(string.format("BAD_BODIES %d\n", total))
end
