-- R4: the webhook sink's own maximum, with a notification-sized signed-looking body.
package.path = os.getenv("WRK_DIR") .. "/?.lua;" .. package.path
require("common")
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.headers["X-SVC-Signature"] = "t=1795336965,v1=0000000000000000000000000000000000000000000000000000000000000000"
wrk.body = '{"id":"SVC-AB12CD34:SUCCESS","event":"transaction.success","environment":"sandbox","created_at":"2026-11-22T08:42:45.123400Z","data":{"transaction_uuid":"01934a5e-7c1a-7b3e-9f00-0123456789ab","reference":"SVC-AB12CD34","provider":"WALLET_SN","environment":"sandbox","amount":"1500.00","currency":"XOF","status":"SUCCESS","provider_reference":"sbx_0123456789ab","paid_at":null,"expired_at":null,"error_message":null,"metadata":{"order_id":"o-42"}}}'
