-- The clients of the fairness benchmark (Benchmarks/fair-bench.sh): POST
-- WRK_BODY_FILE as fast as it is answered, or, with WRK_DELAY_MS, after a
-- pause on each connection after each answer, random between none and twice
-- that, so that connections started together do not stay in step (200
-- connections at 500 ms: 200 clients at about 2 a second). Counts the answers by status, and as BAD a 200
-- without WRK_EXPECT in its body, gathered from the threads' own Lua states in
-- done(), where the latency percentiles (from each request written to its
-- answer read, the delay not counted) are printed in ms.
local f = io.open(os.getenv("WRK_BODY_FILE"), "rb")
wrk.method = "POST"
wrk.body = f:read("*a")
wrk.headers["Content-Type"] = "application/json"
f:close()
local expect = os.getenv("WRK_EXPECT")
local pause = tonumber(os.getenv("WRK_DELAY_MS") or "")
local threads = {}

function setup(thread)
  table.insert(threads, thread)
end

function init(args)
  statuses = {}
  bad = 0
  math.randomseed(os.time() + tonumber(tostring({}):match("0x(%x+)"), 16))
end

if pause then
  function delay()
    return math.random(0, 2 * pause)
  end
end

function response(status, headers, body)
  statuses[status] = (statuses[status] or 0) + 1
  if expect and status == 200 and not string.find(body, expect, 1, true) then bad = bad + 1 end
end

function done(summary, latency, requests)
  local total, bodies = {}, 0
  for _, t in ipairs(threads) do
    for status, count in pairs(t:get("statuses")) do total[status] = (total[status] or 0) + count end
    bodies = bodies + t:get("bad")
  end
  for status, count in pairs(total) do io.write(string.format("STATUS %d %d\n", status, count)) end
  io.write(string.format("BAD %d\n", bodies))
  io.write(string.format("LATENCY p50 %.3f p99 %.3f max %.3f\n",
    latency:percentile(50) / 1000, latency:percentile(99) / 1000, latency.max / 1000))
end
