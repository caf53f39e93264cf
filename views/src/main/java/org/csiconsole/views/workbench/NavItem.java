package org.csiconsole.views.workbench;

/** A row of the navigator tree. */
public sealed interface NavItem {
    String label();

    /** A connection; its children are its resource kinds. */
    record ConnectionItem(ConnectionModel model) implements NavItem {
        @Override
        public String label() {
            return model.name();
        }
    }

    /** One resource kind of a connection; selecting it opens the kind's view. */
    record ResourceKindItem(ConnectionModel connection, ResourceKind kind) implements NavItem {
        @Override
        public String label() {
            return kind.title();
        }
    }

    /** A group heading ("Connections", "Console"). */
    record Group(String label) implements NavItem {
    }

    /** The console's own call trace. */
    record Trace() implements NavItem {
        @Override
        public String label() {
            return "Call trace";
        }
    }

    /** The console's audit log of every change it made. */
    record Audit() implements NavItem {
        @Override
        public String label() {
            return "Audit log";
        }
    }
}
