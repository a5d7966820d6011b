package org.gpumatch.gpu.runtime;

/**
 * A kernel could not be converted to OpenCL or compiled on the chosen OpenCL device. Never swallowed: Aparapi would
 * otherwise run the kernel in Java threads without a word. Carries the generated OpenCL source when it could be made.
 */
public class KernelCompilationException extends IllegalStateException {
    private static final long serialVersionUID = 1L;
    private final String openClSource;

    public KernelCompilationException(String message, String openClSource, Throwable cause) {
        super(message, cause);
        this.openClSource = openClSource;
    }

    /** The OpenCL C that Aparapi generated for the kernel, or a note on why none could be generated. */
    public String openClSource() {
        return openClSource;
    }
}
