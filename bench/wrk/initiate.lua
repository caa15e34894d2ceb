-- M1: initiations, each with its own idempotency key and metadata, spread over the applications.
package.path = os.getenv("WRK_DIR") .. "/?.lua;" .. package.path
require("common")
local apps = {}
for line in io.lines(os.getenv("APPS")) do
  local ek, key, secret = line:match("^(%S+)%s+(%S+)%s+(%S+)")
  if ek then table.insert(apps, {ek, key, secret}) end
end
local counter = 0
local prefix = nil

function request()
  -- Unique across threads (each has its own Lua state and the same random sequence) and across runs.
  prefix = prefix or (os.getenv("RUN_ID") .. "-" .. tostring(id))
  counter = counter + 1
  local app = apps[(counter % #apps) + 1]
  local body = string.format(
    '{"provider":"WALLET_SN","amount":"%d","description":"bench","metadata":{"order_id":"o-%s-%d","channel":"wrk"}}',
    1000 + counter % 5000, prefix, counter)
  return wrk.format("POST", "/api/v1/" .. app[1] .. "/payments/initiate/", {
    ["X-Api-Key"] = app[2], ["X-Api-Secret"] = app[3], ["Content-Type"] = "application/json",
    ["Idempotency-Key"] = prefix .. "-" .. counter }, body)
end
