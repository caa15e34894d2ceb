package sn.xaalis.webhook;

import org.jspecify.annotations.Nullable;

/** How one attempt is judged (SPEC §6.4): its outcome and what the log keeps of the receiver's answer. */
record Verdict(
        Verdict.Outcome outcome, @Nullable Integer statusCode, @Nullable String error, @Nullable String snippet) {

    enum Outcome {
        DELIVERED,
        RETRY,
        GIVEN_UP,
        BLOCKED
    }

    static Verdict of(WebhookHttp.Result result) {
        return switch (result) {
            case WebhookHttp.Result.Answered answered -> ofAnswer(answered);
            case WebhookHttp.Result.Blocked blocked ->
                new Verdict(Outcome.BLOCKED, null, "blocked: " + blocked.reason(), null);
            case WebhookHttp.Result.Failed failed -> new Verdict(Outcome.RETRY, null, failed.error(), null);
        };
    }

    private static Verdict ofAnswer(WebhookHttp.Result.Answered answered) {
        int code = answered.status();
        if (code >= 200 && code < 300) {
            return new Verdict(Outcome.DELIVERED, code, null, answered.snippet());
        }
        if (code == 429 || code >= 500) {
            return new Verdict(Outcome.RETRY, code, "HTTP " + code, answered.snippet());
        }
        String error = code >= 300 && code < 400 ? "redirect not followed" : "refused by the receiver";
        return new Verdict(Outcome.GIVEN_UP, code, error, answered.snippet());
    }
}
