-- webhook module: an application's latest test event, shown on its page (issue 30), found without
-- reading its history of real notifications.
CREATE INDEX notifications_test_idx ON notifications (application_id, test, created_at);
