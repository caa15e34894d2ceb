-- Shared by the wrk scripts: count answers that are not the expected status, print a JSON summary.
local threads = {}

function setup(thread)
  table.insert(threads, thread)
  thread:set("id", #threads)
end

function init(args)
  errors = 0
  expected_status = tonumber(os.getenv("EXPECT") or "200")
  expected_body = os.getenv("EXPECT_BODY")
end

function response(status, headers, body)
  if status ~= expected_status or (expected_body and not body:find(expected_body, 1, true)) then
    errors = errors + 1
  end
end

function done(summary, latency, requests)
  local errs = 0
  for _, t in ipairs(threads) do
    errs = errs + t:get("errors")
  end
  io.write(string.format(
    'JSON {"requests":%d,"seconds":%.3f,"rps":%.1f,"errors":%d,"socket_errors":%d,"p50_ms":%.3f,"p99_ms":%.3f,"p999_ms":%.3f}\n',
    summary.requests, summary.duration / 1e6, summary.requests / (summary.duration / 1e6),
    errs + summary.errors.status, summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout,
    latency:percentile(50) / 1000, latency:percentile(99) / 1000, latency:percentile(99.9) / 1000))
end

-- The PAYMENTS file written by `Load create`: lines of endpoint_key api_key api_secret reference.
function load_payments()
  local payments = {}
  for line in io.lines(os.getenv("PAYMENTS")) do
    local ek, key, secret, ref = line:match("^(%S+)%s+(%S+)%s+(%S+)%s+(%S+)")
    if ek then table.insert(payments, {ek, key, secret, ref}) end
  end
  return payments
end
