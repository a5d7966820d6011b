import com.aparapi.Kernel;
import java.lang.reflect.Constructor;
import java.nio.file.Files;
import java.nio.file.Path;
import org.gpumatch.gpu.runtime.GuardedKernel;

/**
 * Writes the OpenCL C that Aparapi generates for each kernel class named on the command line into
 * {@code OUTDIR/<SimpleName>.cl} (no device needed). Usage: {@code java -cp CP KernelSource.java OUTDIR CLASS...};
 * every class needs a constructor without arguments (any visibility).
 */
public class KernelSource {
    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[0]);
        Files.createDirectories(dir);
        for (int i = 1; i < args.length; i++) {
            Constructor<?> c = Class.forName(args[i]).getDeclaredConstructor();
            c.setAccessible(true);
            String source = GuardedKernel.openClSourceOf((Kernel) c.newInstance());
            Files.writeString(dir.resolve(args[i].substring(args[i].lastIndexOf('.') + 1) + ".cl"), source);
        }
    }
}
