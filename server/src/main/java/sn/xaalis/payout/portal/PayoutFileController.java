package sn.xaalis.payout.portal;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.Writer;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import org.jspecify.annotations.Nullable;
import org.springframework.context.MessageSource;
import org.springframework.context.i18n.LocaleContextHolder;
import org.springframework.http.HttpStatus;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.multipart.MultipartFile;
import org.springframework.web.servlet.ModelAndView;
import sn.xaalis.pages.PageController;
import sn.xaalis.payout.Payout;
import sn.xaalis.payout.PayoutBatch;
import sn.xaalis.payout.PayoutBatches;
import sn.xaalis.payout.PayoutFile;
import sn.xaalis.payout.PayoutRefusal;
import sn.xaalis.platform.ApiException;
import sn.xaalis.platform.ApplicationId;
import sn.xaalis.portal.PortalUser;
import sn.xaalis.portal.Reauthentication;
import sn.xaalis.provider.FailureTexts;
import sn.xaalis.provider.Provider;

/**
 * Bulk payouts from a file: upload, a preview that flags every bad line before anything is sent (with
 * the total and the expected fees), one confirmation, the progress as the payouts go out, and a result
 * file with each line's payout.
 */
@PageController
class PayoutFileController {

    /** The largest file read: 10,000 lines of number, amount, name and reason fit in well under 1 MB. */
    static final long MAX_BYTES = 2L * 1024 * 1024;

    /** Bad lines shown in the preview; the result file has them all. */
    private static final int SHOWN_BAD = 200;
    /** Good lines shown in the preview, as a sample of how the file was read. */
    private static final int SHOWN_GOOD = 10;

    private final PayoutPortal portal;
    private final PayoutPageController pages;
    private final PayoutBatches batches;
    private final MessageSource messages;
    private final Reauthentication reauthentication;

    private final FailureTexts failures;

    PayoutFileController(
            PayoutPortal portal,
            PayoutPageController pages,
            PayoutBatches batches,
            MessageSource messages,
            Reauthentication reauthentication,
            FailureTexts failures) {
        this.reauthentication = reauthentication;
        this.failures = failures;
        this.portal = portal;
        this.pages = pages;
        this.batches = batches;
        this.messages = messages;
    }

    @PostMapping("/portal/applications/{id}/payouts/files")
    ModelAndView upload(
            @AuthenticationPrincipal PortalUser user,
            @PathVariable ApplicationId id,
            @RequestParam(defaultValue = "sandbox") String env,
            @RequestParam(required = false) @Nullable String provider,
            @RequestParam(required = false) @Nullable MultipartFile file)
            throws IOException {
        PayoutPortal.Context context = portal.context(user, id, env);
        Provider chosen = Provider.fromName(provider)
                .filter(p -> PayoutPortal.active(context, p))
                .orElse(null);
        String problem = null;
        if (chosen == null) {
            problem = "payouts.file.provider";
        } else if (file == null || file.isEmpty()) {
            problem = "payouts.file.empty";
        } else if (file.getSize() > MAX_BYTES) {
            problem = "payouts.file.tooLarge";
        } else {
            try {
                PayoutBatch batch = batches.upload(
                        context.caller(), chosen, String.valueOf(file.getOriginalFilename()), file.getBytes());
                return new ModelAndView("redirect:" + context.path("/files/" + batch.id()));
            } catch (PayoutFile.Unreadable e) {
                problem = "payouts.file." + e.key();
            } catch (PayoutRefusal refusal) {
                problem = "payouts.refused." + refusal.getClass().getSimpleName();
            }
        }
        ModelAndView view =
                pages.page(context).addObject("fileProblem", problem).addObject("acted", "file");
        view.setStatus(HttpStatus.BAD_REQUEST);
        return view;
    }

    /** A draft's preview, or a confirmed file's progress. */
    @GetMapping("/portal/applications/{id}/payouts/files/{batch}")
    ModelAndView file(
            @AuthenticationPrincipal PortalUser user,
            @PathVariable ApplicationId id,
            @PathVariable UUID batch,
            @RequestParam(defaultValue = "sandbox") String env) {
        PayoutPortal.Context context = portal.context(user, id, env);
        return file(context, find(context, batch));
    }

    private ModelAndView file(PayoutPortal.Context context, PayoutBatch batch) {
        ModelAndView view = portal.page(context, "payouts/file").addObject("batch", batch);
        if (batch.draft()) {
            return view.addObject("bad", batches.lines(batch, false, SHOWN_BAD))
                    .addObject("good", batches.lines(batch, true, SHOWN_GOOD))
                    .addObject("fees", batches.estimatedFees(batch));
        }
        return view.addObject("progress", batches.progress(batch));
    }

    /** The progress box alone, fetched every few seconds by the page while payouts are still going out. */
    @GetMapping("/portal/applications/{id}/payouts/files/{batch}/progress")
    ModelAndView progress(
            @AuthenticationPrincipal PortalUser user,
            @PathVariable ApplicationId id,
            @PathVariable UUID batch,
            @RequestParam(defaultValue = "sandbox") String env) {
        PayoutPortal.Context context = portal.context(user, id, env);
        PayoutBatch found = find(context, batch);
        return portal.page(context, "payouts/file :: progress")
                .addObject("batch", found)
                .addObject("progress", batches.progress(found));
    }

    @PostMapping("/portal/applications/{id}/payouts/files/{batch}/confirm")
    ModelAndView confirm(
            @AuthenticationPrincipal PortalUser user,
            @PathVariable ApplicationId id,
            @PathVariable UUID batch,
            @RequestParam(defaultValue = "sandbox") String env,
            @RequestParam(required = false) @Nullable String password,
            @RequestParam(required = false) @Nullable String code,
            HttpServletRequest request) {
        PayoutPortal.Context context = portal.context(user, id, env);
        PayoutBatch found = find(context, batch);
        // A session alone pays nobody: the person at the screen proves who they are, as for the settings.
        if (!reauthentication.confirms(user, password, code, request)) {
            ModelAndView view = file(context, found)
                    .addObject(
                            "errors",
                            Map.of(
                                    reauthentication.asksForCode(user) ? "code" : "password",
                                    List.of("payouts.error.identity")));
            view.setStatus(HttpStatus.BAD_REQUEST);
            return view;
        }
        try {
            batches.accept(context.caller(), found, request.getRemoteAddr(), user.email());
            return new ModelAndView("redirect:" + context.path("/files/" + batch));
        } catch (PayoutRefusal refusal) {
            ModelAndView view = file(context, found)
                    .addObject("refusal", refusal.getClass().getSimpleName())
                    .addObject("refusalDetail", refusal.getMessage());
            view.setStatus(HttpStatus.CONFLICT);
            return view;
        }
    }

    @PostMapping("/portal/applications/{id}/payouts/files/{batch}/discard")
    ModelAndView discard(
            @AuthenticationPrincipal PortalUser user,
            @PathVariable ApplicationId id,
            @PathVariable UUID batch,
            @RequestParam(defaultValue = "sandbox") String env) {
        PayoutPortal.Context context = portal.context(user, id, env);
        PayoutBatch found = find(context, batch);
        if (!batches.discard(found)) {
            return new ModelAndView("redirect:" + context.path("/files/" + batch));
        }
        return PayoutPageController.redirect(context, "discarded");
    }

    /** Every line of the file with its payout's reference, status and fee, or why it was left out. */
    @GetMapping("/portal/applications/{id}/payouts/files/{batch}/result.csv")
    void result(
            @AuthenticationPrincipal PortalUser user,
            @PathVariable ApplicationId id,
            @PathVariable UUID batch,
            @RequestParam(defaultValue = "sandbox") String env,
            HttpServletResponse response)
            throws IOException {
        PayoutPortal.Context context = portal.context(user, id, env);
        PayoutBatch found = find(context, batch);
        Locale locale = LocaleContextHolder.getLocale();
        response.setContentType("text/csv; charset=UTF-8");
        response.setHeader("Content-Disposition", "attachment; filename=\"xaalis-payouts-" + found.id() + ".csv\"");
        var file = new PayoutResultFile(messages, locale, this::failure);
        Writer out = response.getWriter();
        out.write(PayoutResultFile.BOM);
        out.write(file.header());
        batches.results(found, result -> {
            try {
                out.write(file.row(result));
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        out.flush();
    }

    private PayoutBatch find(PayoutPortal.Context context, UUID id) {
        return batches.find(context.caller(), id).orElseThrow(() -> ApiException.notFound("No such file"));
    }

    /** A failed payout's reason in the file's language (the provider's own words stay in the API). */
    private @Nullable String failure(Payout payout) {
        return payout.failureCode() == null
                ? payout.failureReason()
                : failures.payout(payout.provider(), payout.failureCode(), payout.failureReason());
    }
}
