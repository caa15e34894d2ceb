package sn.xaalis.cluster;

/** The embedded database serves one node: there is nobody to tell, and nothing to miss. */
final class SingleNodeLink implements SignalLink {

    @Override
    public void send(String channel, String nodeId) {}

    @Override
    public boolean hearsOtherNodes() {
        return true;
    }

    @Override
    public void start(Receiver receiver) {}

    @Override
    public void stop() {}
}
