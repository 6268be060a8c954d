import ArgumentParser
import PeachCore

/// The `peach` command: one subcommand per file; the work lives in the libraries.
@main
struct Peach: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "peach",
        abstract: "Pitch ear training: a server for your browser, and tools for your training data.",
        discussion: """
            Training data lives in one SQLite file, by default $XDG_DATA_HOME/peach/peach.sqlite \
            (or ~/.local/share/peach/peach.sqlite); every command takes --data PATH to use another.
            """,
        version: PeachVersion.current,
        subcommands: [
            Serve.self, Export.self, Import.self, Stats.self, Reset.self, Backup.self, Restore.self, Check.self,
            Devices.self,
            SoundFontCommand.self,
        ],
        defaultSubcommand: Serve.self
    )
}
