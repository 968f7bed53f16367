import Glibc

/// The one rule for tightening an existing directory that should be private (0700): the store's
/// home folders and the key folder use it.
public enum PrivateDirectory {
    /// Whether a directory of `mode` is to be chmod-ed to 0700: it is not 0700 already, and it is
    /// not sticky — a sticky directory (as /tmp is) is shared, not ours to lock others out of;
    /// the files written in it are 0600 anyway.
    public static func needsTightening(_ mode: mode_t) -> Bool {
        mode & 0o777 != 0o700 && mode & S_ISVTX == 0
    }
}
