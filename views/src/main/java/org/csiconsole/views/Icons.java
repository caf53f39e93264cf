package org.csiconsole.views;

import javafx.scene.image.Image;
import org.kordamp.ikonli.Ikon;
import org.kordamp.ikonli.javafx.FontIcon;

import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;

/**
 * Icons: UI glyphs from Ikonli's Material 2 pack, and the application icon from the {@code icons}
 * module ({@code /org/csiconsole/icons/app-<size>.png}).
 */
public final class Icons {
    /** Sizes of the application icon shipped by the icons module. */
    public static final int[] APP_ICON_SIZES = {16, 32, 48, 64, 128, 256};

    private Icons() {
    }

    /** A glyph of {@code size} px that takes its colour from CSS ({@code -fx-icon-color}). */
    public static FontIcon of(Ikon ikon, int size) {
        FontIcon icon = new FontIcon(ikon);
        icon.setIconSize(size);
        return icon;
    }

    /** A 16 px glyph. */
    public static FontIcon of(Ikon ikon) {
        return of(ikon, 16);
    }

    /** The application icon at every shipped size, for {@code Stage.getIcons()}. */
    public static List<Image> applicationIcons() {
        List<Image> images = new ArrayList<>();
        for (int size : APP_ICON_SIZES) {
            Image image = applicationIcon(size);
            if (image != null) images.add(image);
        }
        return images;
    }

    /** The application icon at {@code size} px, or null when that size is not shipped. */
    public static Image applicationIcon(int size) {
        String path = "/org/csiconsole/icons/app-" + size + ".png";
        try (InputStream in = Icons.class.getResourceAsStream(path)) {
            return in == null ? null : new Image(in);
        } catch (java.io.IOException e) {
            return null;
        }
    }
}
