//! Where user files live: settings in the platform's config folder; saves, the autosave and user
//! content in its data folder. `--user-dir` puts them all under one folder instead.

use std::path::{Path, PathBuf};

use bevy::prelude::Resource;

#[derive(Resource, Clone, Debug, PartialEq, Eq)]
pub struct UserDirs {
    pub config: PathBuf,
    pub data: PathBuf,
}

impl UserDirs {
    /// The platform's folders (`~/.config/spellhall`, `~/.local/share/spellhall` on Linux), or
    /// `./spellhall-user` if the platform names none.
    pub fn platform() -> Self {
        match directories::ProjectDirs::from("org", "Spellhall", "spellhall") {
            Some(dirs) => Self {
                config: dirs.config_dir().to_path_buf(),
                data: dirs.data_dir().to_path_buf(),
            },
            None => Self::under(Path::new("spellhall-user")),
        }
    }

    /// Everything under one folder.
    pub fn under(root: &Path) -> Self {
        Self {
            config: root.join("config"),
            data: root.join("data"),
        }
    }

    pub fn settings_file(&self) -> PathBuf {
        self.config.join("settings.ron")
    }

    pub fn autosave_file(&self) -> PathBuf {
        self.data.join("autosave.ron")
    }

    /// Held by the running app that autosaves into this data folder (see `save_files`).
    pub fn lock_file(&self) -> PathBuf {
        self.data.join("spellhall.lock")
    }

    pub fn saves_dir(&self) -> PathBuf {
        self.data.join("saves")
    }

    /// Extra content a user adds for a game: `<data>/content/<game-id>/*.ron`.
    pub fn content_dir(&self, game_id: &str) -> PathBuf {
        self.data.join("content").join(game_id)
    }
}
