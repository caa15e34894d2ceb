package sn.xaalis.team;

import jakarta.servlet.http.HttpServletResponse;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.ModelAndView;
import sn.xaalis.merchant.MerchantMembers;
import sn.xaalis.merchant.MerchantRefusal;
import sn.xaalis.pages.PageController;

/**
 * An invitation's page, open without signing in (CSRF-protected like the sign-in): the invited person
 * chooses their name and password, then signs in. A link used, expired or never sent is 410.
 */
@PageController
class JoinController {

    private static final String PAGE = "team/join";

    private final MerchantMembers members;

    JoinController(MerchantMembers members) {
        this.members = members;
    }

    @GetMapping("/portal/team/join/{token}")
    ModelAndView join(@PathVariable String token, HttpServletResponse response) {
        noReferrer(response);
        Optional<MerchantMembers.Pending> invitation = members.invitation(token);
        if (invitation.isEmpty()) {
            return gone();
        }
        return form(token, invitation.get(), Map.of(), "", HttpStatus.OK);
    }

    @PostMapping("/portal/team/join/{token}")
    ModelAndView joined(
            @PathVariable String token,
            @RequestParam(defaultValue = "") String name,
            @RequestParam(defaultValue = "") String password,
            @RequestParam(name = "confirm_password", defaultValue = "") String confirm,
            HttpServletResponse response) {
        noReferrer(response);
        Optional<MerchantMembers.Pending> invitation = members.invitation(token);
        if (invitation.isEmpty()) {
            return gone();
        }
        if (!password.equals(confirm)) {
            return form(
                    token,
                    invitation.get(),
                    Map.of("confirm_password", List.of("team.error.confirm")),
                    name,
                    HttpStatus.BAD_REQUEST);
        }
        try {
            if (!members.join(token, name, password)) {
                return gone();
            }
        } catch (MerchantRefusal.FieldsInvalid e) {
            return form(token, invitation.get(), e.errors(), name, HttpStatus.BAD_REQUEST);
        }
        return new ModelAndView("redirect:/portal/login?joined");
    }

    private static ModelAndView form(
            String token,
            MerchantMembers.Pending invitation,
            Map<String, List<String>> errors,
            String name,
            HttpStatus status) {
        return new ModelAndView(PAGE, status)
                .addObject("step", "join")
                .addObject("token", token)
                .addObject("invitation", invitation)
                .addObject("errors", errors)
                .addObject("name", name);
    }

    private static ModelAndView gone() {
        return new ModelAndView(PAGE, HttpStatus.GONE).addObject("step", "invalid");
    }

    /** The link's page is nobody else's: not cached, and its address (the token) sent to no other site. */
    private static void noReferrer(HttpServletResponse response) {
        response.setHeader("Cache-Control", "no-store");
        response.setHeader("Referrer-Policy", "no-referrer");
    }
}
