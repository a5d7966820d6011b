package org.gpumatch.bench.e2e;

import java.nio.file.Path;
import org.gpumatch.api.Algorithm;
import org.gpumatch.gpu.runtime.DevicePolicy;
import org.gpumatch.api.Pattern;
import org.gpumatch.aparapi.Search;
import org.gpumatch.gpu.runtime.ComputeDevice;
import org.gpumatch.gpu.runtime.DeviceCatalog;

/**
 * A stand-in for {@code gpumatch count} in the bench's tests, where the CLI module (which depends on the bench) is
 * not on the classpath: {@code count -a ALG --hex -p HEX [--device D] FILE} through the library's {@link Search}
 * facade, as the CLI does; prints the count. The e2e test runs it as a real process through a launcher script.
 * With {@code --device auto} (or none) it plans on the host alone, without listing the OpenCL platforms (which takes
 * seconds under PoCL), to keep the test fast.
 */
public final class FacadeCount {
    private FacadeCount() {
    }

    public static void main(String[] args) {
        String algorithm = "auto";
        String hex = null;
        String device = "auto";
        Path file = null;
        if (args.length == 0 || !args[0].equals("count")) {
            System.err.println("usage: count -a ALG --hex -p HEX [--device D] FILE");
            System.exit(2);
        }
        for (int i = 1; i < args.length; i++) {
            switch (args[i]) {
                case "-a" -> algorithm = args[++i];
                case "-p" -> hex = args[++i];
                case "--device" -> device = args[++i];
                case "--hex" -> { }
                default -> file = Path.of(args[i]);
            }
        }
        Algorithm forced = algorithm.equals("auto") ? null : Algorithm.fromCliName(algorithm).orElseThrow();
        ComputeDevice d = forced == Algorithm.CPU || device.equals("auto") ? ComputeDevice.JAVA_THREADS
                : DeviceCatalog.get().select(DevicePolicy.parse(device)).device();
        try (Search s = Search.on(d).algorithm(forced).build()) {
            System.out.println(s.count(file, Pattern.hex(hex)));
        }
    }
}
