package sn.xaalis.operator;

import jakarta.servlet.http.HttpServletResponse;
import java.util.Map;
import java.util.UUID;
import org.springframework.context.i18n.LocaleContextHolder;
import org.springframework.http.HttpStatus;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.session.FindByIndexNameSessionRepository;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.ModelAndView;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;
import sn.xaalis.pages.PageController;

/** The installation's operators: invited here (the link by e-mail, and shown), disabled here. */
@PageController
class OperatorsConsoleController {

    private final OperatorAccounts accounts;
    private final OperatorInvitations invitations;
    private final FindByIndexNameSessionRepository<?> sessions;

    OperatorsConsoleController(
            OperatorAccounts accounts, OperatorInvitations invitations, FindByIndexNameSessionRepository<?> sessions) {
        this.accounts = accounts;
        this.invitations = invitations;
        this.sessions = sessions;
    }

    @GetMapping("/operator/operators")
    ModelAndView list() {
        return page();
    }

    @PostMapping("/operator/operators")
    ModelAndView invite(
            @AuthenticationPrincipal OperatorUser operator,
            @RequestParam(defaultValue = "") String email,
            @RequestParam(defaultValue = "") String name,
            HttpServletResponse response) {
        try {
            var invitation = invitations.invite(email, name, operator.email(), LocaleContextHolder.getLocale());
            response.setHeader("Cache-Control", "no-store");
            return page().addObject("invitation", invitation);
        } catch (OperatorRefusal refusal) {
            ModelAndView view = page().addObject("errors", refusal.errors())
                    .addObject("email", email)
                    .addObject("name", name);
            view.setStatus(HttpStatus.BAD_REQUEST);
            return view;
        }
    }

    /** Disables an operator and ends their sessions on every node (sessions are rows in the database). */
    @PostMapping("/operator/operators/{id}/disable")
    ModelAndView disable(
            @AuthenticationPrincipal OperatorUser operator, @PathVariable UUID id, RedirectAttributes flash) {
        if (operator.id().equals(id)) {
            ModelAndView view =
                    page().addObject("errors", Map.of("operator", java.util.List.of("operator.error.self")));
            view.setStatus(HttpStatus.BAD_REQUEST);
            return view;
        }
        try {
            accounts.disable(id);
        } catch (OperatorRefusal refusal) {
            throw new ConsoleModel.NotFound();
        }
        for (String session :
                sessions.findByPrincipalName(OperatorUser.PRINCIPAL_PREFIX + id).keySet()) {
            sessions.deleteById(session);
        }
        flash.addFlashAttribute("notice", "operator.operators.disabled");
        return new ModelAndView("redirect:/operator/operators");
    }

    private ModelAndView page() {
        return new ModelAndView("operator/operators")
                .addObject("operators", accounts.all())
                .addObject("errors", Map.of());
    }
}
