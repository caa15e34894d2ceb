package sn.xaalis.team;

import jakarta.servlet.http.HttpServletResponse;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.springframework.context.i18n.LocaleContextHolder;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.ModelAndView;
import sn.xaalis.mail.Mailbox;
import sn.xaalis.merchant.MemberId;
import sn.xaalis.merchant.MerchantMembers;
import sn.xaalis.merchant.MerchantRefusal;
import sn.xaalis.merchant.MerchantRole;
import sn.xaalis.pages.PageController;
import sn.xaalis.portal.PortalUser;
import sn.xaalis.portal.UnconfirmedPage;

/** The team page (owners only, by the portal's rules): who is in the team, invitations, roles, removals. */
@PageController
class TeamController {

    private final MerchantMembers members;
    private final TeamChanges changes;
    private final Mailbox mailbox;

    TeamController(MerchantMembers members, TeamChanges changes, Mailbox mailbox) {
        this.members = members;
        this.changes = changes;
        this.mailbox = mailbox;
    }

    @GetMapping("/portal/team")
    ModelAndView team(@AuthenticationPrincipal PortalUser user) {
        return page(user, Map.of(), Map.of(), HttpStatus.OK);
    }

    @PostMapping("/portal/team/invite")
    ModelAndView invite(
            @AuthenticationPrincipal PortalUser user,
            @RequestParam(defaultValue = "") String email,
            @RequestParam(defaultValue = "") String role,
            HttpServletResponse response) {
        Optional<String> link;
        try {
            link = changes.invite(user, email, role, LocaleContextHolder.getLocale());
        } catch (MerchantRefusal.FieldsInvalid e) {
            return page(user, e.errors(), Map.of("email", email, "role", role), HttpStatus.BAD_REQUEST);
        } catch (MerchantRefusal.Unconfirmed e) {
            return UnconfirmedPage.of(user);
        } catch (TeamChanges.TooManyInvitations e) {
            response.setHeader(HttpHeaders.RETRY_AFTER, Long.toString(Math.max(1, e.retryAfterSeconds())));
            return page(
                    user,
                    Map.of("team", List.of("team.error.toomany")),
                    Map.of("email", email, "role", role),
                    HttpStatus.TOO_MANY_REQUESTS);
        }
        if (mailbox.mailLeaves()) {
            return new ModelAndView("redirect:/portal/team?invited");
        }
        // No e-mail can leave this installation: the owner is told so, and given the link to pass on by
        // hand, on this answer only (not cached, no redirect that would carry it).
        response.setHeader("Cache-Control", "no-store");
        response.setHeader("Referrer-Policy", "no-referrer");
        return page(user, Map.of(), Map.of(), HttpStatus.OK)
                .addObject("notSent", true)
                .addObject("invitedEmail", email.strip())
                .addObject("invitationLink", link.orElse(null));
    }

    @PostMapping("/portal/team/{member}/role")
    ModelAndView changeRole(
            @AuthenticationPrincipal PortalUser user,
            @PathVariable String member,
            @RequestParam(defaultValue = "") String role) {
        Optional<MemberId> id = memberId(member);
        if (id.isEmpty()) {
            return notFound();
        }
        try {
            changes.changeRole(user, id.get(), role);
        } catch (MerchantRefusal.FieldsInvalid e) {
            return page(user, e.errors(), Map.of(), HttpStatus.BAD_REQUEST);
        } catch (MerchantRefusal.NoSuchMember e) {
            return notFound();
        } catch (MerchantRefusal.HolderStays e) {
            return page(user, Map.of("team", List.of("team.error.holder")), Map.of(), HttpStatus.CONFLICT);
        }
        return new ModelAndView("redirect:/portal/team?role-changed");
    }

    @PostMapping("/portal/team/{member}/remove")
    ModelAndView remove(@AuthenticationPrincipal PortalUser user, @PathVariable String member) {
        Optional<MemberId> id = memberId(member);
        if (id.isEmpty()) {
            return notFound();
        }
        try {
            changes.remove(user, id.get());
        } catch (MerchantRefusal.NoSuchMember e) {
            return notFound();
        } catch (MerchantRefusal.HolderStays e) {
            return page(user, Map.of("team", List.of("team.error.holder")), Map.of(), HttpStatus.CONFLICT);
        }
        return new ModelAndView("redirect:/portal/team?removed");
    }

    private ModelAndView page(
            PortalUser user, Map<String, List<String>> errors, Map<String, String> values, HttpStatus status) {
        return new ModelAndView("team/team", status)
                .addObject("user", user)
                .addObject("holder", members.holder(user.merchantId()))
                .addObject("members", members.team(user.merchantId()))
                .addObject("roles", MerchantRole.values())
                .addObject("errors", errors)
                .addObject("values", values);
    }

    private static ModelAndView notFound() {
        return new ModelAndView("portal/not-found", HttpStatus.NOT_FOUND);
    }

    private static Optional<MemberId> memberId(String text) {
        try {
            return Optional.of(MemberId.valueOf(text));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }
}
