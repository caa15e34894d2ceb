-- M3/M4: drive each created payment to SUCCESS once through the sandbox simulation API, then idle.
-- The harness stops wrk (SIGINT) once the sink has counted every delivery.
package.path = os.getenv("WRK_DIR") .. "/?.lua;" .. package.path
require("common")
local payments = load_payments()
local threads_total = tonumber(os.getenv("THREADS") or "2")
local next_index = nil

function request()
  -- wrk calls request() once on the first thread to check it before any connection exists, so the
  -- first call of every thread is a ping: otherwise one payment per run was never simulated.
  if next_index == nil then
    next_index = id
    return wrk.format("GET", "/ping")
  end
  -- Thread k takes payments k, k + THREADS, k + 2 * THREADS, ...
  local p = payments[next_index]
  if p == nil then
    return wrk.format("GET", "/ping")
  end
  next_index = next_index + threads_total
  return wrk.format("POST", "/api/v1/" .. p[1] .. "/sandbox/payments/" .. p[4] .. "/simulate", {
    ["X-Api-Key"] = p[2], ["X-Api-Secret"] = p[3], ["Content-Type"] = "application/json" },
    '{"outcome":"SUCCESS"}')
end

-- Once every payment is simulated, idle (a ping a second per connection) until the harness stops wrk.
function delay()
  if next_index ~= nil and payments[next_index] == nil then
    return 1000
  end
  return 0
end
