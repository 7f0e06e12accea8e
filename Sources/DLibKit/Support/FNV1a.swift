/// 64-bit FNV-1a: a stable name for a cursor file (Swift's Hasher is seeded
/// per process, so it cannot name anything that outlives one).
enum FNV1a {
    static func hash(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        return hash
    }
}
