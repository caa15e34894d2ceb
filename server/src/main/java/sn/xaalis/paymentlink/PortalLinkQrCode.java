package sn.xaalis.paymentlink;

import org.springframework.http.CacheControl;
import org.springframework.http.ContentDisposition;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.servlet.ModelAndView;
import sn.xaalis.pages.PageController;
import sn.xaalis.portal.PortalUser;
import sn.xaalis.qr.QrCodePng;

/** A link's QR code as a PNG file to print or send, for the signed-in merchant's own links only. */
@PageController
class PortalLinkQrCode {

    private final LinkCatalog catalog;

    PortalLinkQrCode(LinkCatalog catalog) {
        this.catalog = catalog;
    }

    /**
     * The file, or the portal's 404 page for a link that is not the merchant's (the same answer as for one
     * that does not exist). Declared {@code Object} so that either answer is rendered by its own kind.
     */
    @GetMapping("/portal/links/{code}/qr.png")
    Object download(@AuthenticationPrincipal PortalUser user, @PathVariable String code) {
        PaymentLink link = catalog.find(user.merchantId(), code).orElse(null);
        if (link == null) {
            return new ModelAndView("portal/not-found", HttpStatus.NOT_FOUND);
        }
        String file = "xaalis-link-" + link.code() + ".png";
        return ResponseEntity.ok()
                .contentType(MediaType.IMAGE_PNG)
                .header(
                        HttpHeaders.CONTENT_DISPOSITION,
                        ContentDisposition.attachment().filename(file).build().toString())
                .cacheControl(CacheControl.noStore())
                .body(QrCodePng.render(catalog.url(link)));
    }
}
