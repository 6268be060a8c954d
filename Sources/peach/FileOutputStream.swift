import Foundation

/// A `TextOutputStream` over a file handle (the store writes in chunks of about 64 KiB).
struct FileOutputStream: TextOutputStream {
    let handle: FileHandle

    init(_ handle: FileHandle) { self.handle = handle }

    mutating func write(_ string: String) {
        handle.write(Data(string.utf8))
    }
}
