package sn.xaalis.platform;

/** Which database this node runs on; the embedded one is for trying Xaalis and sandbox work. */
public record Database(boolean embedded) {}
