package sn.xaalis.merchant;

/** An application just created, with the sandbox keys shown this once. */
public record NewApplication(ApplicationDetails application, IssuedKeys sandboxKeys) {}
