package sn.xaalis.egress;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;

/** Name resolution, injectable so tests can play a hostile DNS (rebinding, private answers). */
@FunctionalInterface
public interface HostResolver {

    HostResolver SYSTEM = host -> List.of(InetAddress.getAllByName(host));

    List<InetAddress> resolve(String host) throws UnknownHostException;
}
