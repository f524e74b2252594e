-- The flooder of the fairness benchmark: POST WRK_BODY_FILE as fast as the
-- connections allow and count the answers by status (STATUS <code> <count>),
-- gathered from the threads' own Lua states in done().
local f = io.open(os.getenv("WRK_BODY_FILE"), "rb")
wrk.method = "POST"
wrk.body = f:read("*a")
wrk.headers["Content-Type"] = "application/json"
f:close()
local threads = {}

function setup(thread)
  table.insert(threads, thread)
end

function init(args)
  statuses = {}
end

function response(status, headers, body)
  statuses[status] = (statuses[status] or 0) + 1
end

function done(summary, latency, requests)
  local total = {}
  for _, t in ipairs(threads) do
    for status, count in pairs(t:get("statuses")) do total[status] = (total[status] or 0) + count end
  end
  for status, count in pairs(total) do io.write(string.format("STATUS %d %d\n", status, count)) end
end
