package sn.xaalis.operator;

import jakarta.servlet.http.HttpServletResponse;
import java.util.Map;
import java.util.UUID;
import org.springframework.http.HttpStatus;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.ModelAndView;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;
import sn.xaalis.pages.PageController;

/** Tokens to the admin API: issued here (shown once), listed with their last use, revoked at once. */
@PageController
class TokensConsoleController {

    private final OperatorTokens tokens;

    TokensConsoleController(OperatorTokens tokens) {
        this.tokens = tokens;
    }

    @GetMapping("/operator/tokens")
    ModelAndView list() {
        return page();
    }

    @PostMapping("/operator/tokens")
    ModelAndView issue(
            @AuthenticationPrincipal OperatorUser operator,
            @RequestParam(defaultValue = "") String name,
            HttpServletResponse response) {
        try {
            OperatorTokens.Issued issued = tokens.issue(name, operator.email());
            // The one page that holds the token: kept by no cache.
            response.setHeader("Cache-Control", "no-store");
            return page().addObject("issued", issued);
        } catch (OperatorRefusal refusal) {
            ModelAndView view = page().addObject("errors", refusal.errors()).addObject("name", name);
            view.setStatus(HttpStatus.BAD_REQUEST);
            return view;
        }
    }

    @PostMapping("/operator/tokens/{id}/revoke")
    String revoke(@PathVariable UUID id, RedirectAttributes flash) {
        if (tokens.revoke(id)) {
            flash.addFlashAttribute("notice", "operator.tokens.revokedNotice");
        }
        return "redirect:/operator/tokens";
    }

    private ModelAndView page() {
        return new ModelAndView("operator/tokens")
                .addObject("tokens", tokens.all())
                .addObject("errors", Map.of());
    }
}
