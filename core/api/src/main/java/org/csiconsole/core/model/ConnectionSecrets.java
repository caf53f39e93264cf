package org.csiconsole.core.model;

/**
 * The secrets a connection sends, per {@link SecretClass}: what every call whose request has a
 * {@code secrets} field carries when its caller gave none of its own. Read when a call is made, so a
 * changed secrets file applies to the next call.
 */
public interface ConnectionSecrets {
    /** Sends no secrets. */
    ConnectionSecrets NONE = new ConnectionSecrets() {
        @Override
        public Secrets forClass(SecretClass c) {
            return Secrets.NONE;
        }

        @Override
        public boolean configured() {
            return false;
        }

        @Override
        public String toString() {
            return "no secrets";
        }
    };

    /**
     * The secrets for calls of class {@code c}; {@link Secrets#NONE} when the connection names none for it.
     *
     * @throws org.csiconsole.core.call.CallFailure INVALID_ARGUMENT naming the source (never its content)
     *     when the source named for {@code c} cannot be read
     */
    Secrets forClass(SecretClass c);

    /** Whether the connection names a source of secrets for any class. */
    boolean configured();

    /** The same {@code secrets} for every class (a command line's {@code --secrets-file}). */
    static ConnectionSecrets all(Secrets secrets) {
        if (secrets == null || secrets.isEmpty()) return NONE;
        return new ConnectionSecrets() {
            @Override
            public Secrets forClass(SecretClass c) {
                return secrets;
            }

            @Override
            public boolean configured() {
                return true;
            }

            @Override
            public String toString() {
                return "the same secrets for every call " + secrets;
            }
        };
    }
}
