package org.gpumatch.cli;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;
import picocli.CommandLine.IVersionProvider;

/** {@code gpumatch --version}: the Maven project version (filtered into version.properties), Java and Aparapi. */
final class VersionProvider implements IVersionProvider {
    /** The gpumatch version, e.g. {@code 0.1.0-SNAPSHOT}, or {@code unknown} when the build did not record it. */
    static String version() {
        String v = properties().getProperty("version");
        if (v == null || v.startsWith("${")) {
            v = GpumatchCli.class.getPackage().getImplementationVersion();
        }
        return v == null ? "unknown" : v;
    }

    private static Properties properties() {
        Properties p = new Properties();
        try (InputStream in = VersionProvider.class.getResourceAsStream("version.properties")) {
            if (in != null) {
                p.load(in);
            }
        } catch (IOException e) {
            // no version recorded: reported as unknown
        }
        return p;
    }

    @Override
    public String[] getVersion() {
        String aparapi = properties().getProperty("aparapi", "unknown");
        return new String[] {
            "gpumatch " + version(),
            "Aparapi " + aparapi + ", Java " + System.getProperty("java.version") + " ("
                    + System.getProperty("java.vm.name") + ", " + System.getProperty("os.name") + " "
                    + System.getProperty("os.arch") + ")"
        };
    }
}
