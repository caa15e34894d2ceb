package sn.xaalis.admin;

import static sn.xaalis.admin.OperatorRequests.failIfAny;
import static sn.xaalis.admin.OperatorRequests.text;

import jakarta.servlet.http.HttpServletRequest;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import org.springframework.context.MessageSource;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import sn.xaalis.audit.AuditActor;
import sn.xaalis.audit.AuditTrail;
import sn.xaalis.operator.OperatorAccounts;
import sn.xaalis.operator.OperatorInvitations;
import sn.xaalis.operator.OperatorRefusal;
import sn.xaalis.platform.ApiException;
import sn.xaalis.platform.Timestamps;
import tools.jackson.databind.JsonNode;

/**
 * Operators from the command line: an invitation whose set-up link comes back in the answer (and by
 * e-mail), for the first operator of an installation or for automation.
 */
@RestController
@RequestMapping("/admin/v1")
record OperatorsAdminController(OperatorInvitations invitations, OperatorRequests requests, MessageSource messages) {

    record InvitationJson(UUID id, String email, String name, String setupUrl, String expiresAt) {}

    @PostMapping("/operators")
    ResponseEntity<InvitationJson> invite(HttpServletRequest request) {
        JsonNode body = requests.readObject(request);
        Map<String, List<String>> errors = new LinkedHashMap<>();
        String email = text(body, "email", errors);
        String name = text(body, "name", errors);
        failIfAny(errors);
        String by = AuditTrail.currentActor().map(AuditActor::auditName).orElse("admin-api");
        try {
            OperatorAccounts.Invitation invitation = invitations.invite(email, name, by, Locale.ENGLISH);
            return ResponseEntity.status(HttpStatus.CREATED)
                    .body(new InvitationJson(
                            invitation.id(),
                            invitation.email(),
                            invitation.name(),
                            invitation.setupUrl(),
                            String.valueOf(Timestamps.micros(invitation.expiresAt()))));
        } catch (OperatorRefusal refusal) {
            Map<String, List<String>> said = new LinkedHashMap<>();
            refusal.errors()
                    .forEach((field, keys) -> said.put(
                            field,
                            keys.stream()
                                    .map(key -> messages.getMessage(key, null, key, Locale.ENGLISH))
                                    .toList()));
            throw ApiException.invalid(said);
        }
    }
}
