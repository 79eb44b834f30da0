"""Pictures on the one-bit screen: sprite sheets, text in our own font, dominoes."""
