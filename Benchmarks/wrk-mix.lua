-- The soak's load: cycles through the request mix in WRK_MIX (a Lua table
-- written by soak-mix.py, each request with the status and body it answered
-- when sent alone) and stops each thread after WRK_PER_THREAD responses,
-- leaving a file in WRK_DONE_DIR: wrk itself runs on until its duration or a
-- SIGINT, which soak.sh sends once every thread is done.
-- wrk does not say which request a response answers (connections interleave),
-- so every response must equal, status and body byte for byte, one of the
-- mix's recorded answers; anything else counts as bad.
local mix = dofile(os.getenv("WRK_MIX"))
local quota = tonumber(os.getenv("WRK_PER_THREAD"))
local threads = {}

function setup(thread)
  table.insert(threads, thread)
  thread:set("id", #threads)
end

function init(args)
  requests, answers = {}, {}
  for i, r in ipairs(mix) do
    requests[i] = wrk.format(r.method, r.path, r.headers, r.body ~= "" and r.body or nil)
    answers[r.status .. " " .. r.expect] = true
  end
  -- Threads start at different points of the mix.
  next_request = (id * 17) % #requests
  responses, bad = 0, 0
end

function request()
  next_request = next_request % #requests + 1
  return requests[next_request]
end

function response(status, headers, body)
  responses = responses + 1
  if not answers[status .. " " .. (body or "")] then
    bad = bad + 1
    if bad <= 3 then io.stderr:write(string.format("unexpected answer: %d %s\n", status, (body or ""):sub(1, 200))) end
  end
  if responses == quota then
    local f = io.open(os.getenv("WRK_DONE_DIR") .. "/thread-" .. id, "w")
    f:close()
    wrk.thread:stop()
  end
end

function done(summary, latency, requests)
  local total = 0
  for _, t in ipairs(threads) do total = total + (t:get("bad") or 0) end
  io.write(string.format("BAD_BODIES %d\n", total))
  io.write(string.format("LATENCY_US p50 %d p90 %d p99 %d max %d\n",
    latency:percentile(50), latency:percentile(90), latency:percentile(99), latency.max))
end
