import ArgumentParser
import Foundation
import Logging
import StickerText

@main
struct ServerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stickertext-server",
        abstract: "The stickertext JSON API as a FastCGI process (libfcgi), for nginx's fastcgi_pass.")

    @OptionGroup var options: ServerOptions

    func run() throws {
        // Without TZ, glibc's localtime (used for each log line's timestamp)
        // stats /etc/localtime on every call.
        setenv("TZ", "UTC", 0)
        LoggingSystem.bootstrap { StreamLogHandler.standardError(label: $0) }
        var logger = Logger(label: "stickertext")
        logger.logLevel = .info
        let catalog: StickerCatalog
        do {
            catalog = try options.loadCatalog()
        } catch {
            logger.critical("invalid packs:\n\(error)")
            throw ExitCode(1)
        }
        var master = Master(options: options, logger: logger, catalog: catalog)
        master.run()
    }
}
