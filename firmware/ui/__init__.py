"""The handheld game around the core: match sessions, narration, the app."""
