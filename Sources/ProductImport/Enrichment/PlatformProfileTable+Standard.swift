import Foundation

extension PlatformProfileTable {
    private static let kilobyte: Int64 = 1_024
    private static let megabyte: Int64 = 1_048_576

    /// Common home computers and consoles of the 1970s to the 1990s, with typical requirements by era.
    public static let standard = PlatformProfileTable(profiles: [
        PlatformProfile(
            names: ["Apple II", "Apple ][", "Apple 2", "Apple IIe", "Apple II+", "Apple II Plus", "Apple IIc"],
            cpuFamily: "6502", minCpuSpeedMHz: 1, osName: "Apple DOS",
            eras: [
                PlatformEra(fromYear: 1977, minMemory: 16 * kilobyte),
                PlatformEra(fromYear: 1979, minMemory: 48 * kilobyte, minOsVersion: "3.3"),
                PlatformEra(fromYear: 1984, minMemory: 64 * kilobyte, minOsVersion: "3.3"),
                PlatformEra(fromYear: 1986, minMemory: 128 * kilobyte, minOsVersion: "3.3"),
            ]),
        PlatformProfile(
            names: ["Commodore 64", "C64", "Commodore64"], cpuFamily: "6510", minCpuSpeedMHz: 1,
            eras: [PlatformEra(fromYear: 1982, minMemory: 64 * kilobyte)]),
        PlatformProfile(
            names: ["IBM PC", "PC", "MS-DOS", "DOS", "PC DOS", "IBM PC compatible"], cpuFamily: "8088",
            minCpuSpeedMHz: 5, osName: "MS-DOS",
            eras: [
                PlatformEra(fromYear: 1981, minMemory: 64 * kilobyte, minOsVersion: "1.0"),
                PlatformEra(fromYear: 1983, minMemory: 128 * kilobyte, minOsVersion: "2.0"),
                PlatformEra(fromYear: 1985, minMemory: 256 * kilobyte, minOsVersion: "3.0"),
                PlatformEra(fromYear: 1987, minMemory: 512 * kilobyte, minOsVersion: "3.3"),
                PlatformEra(fromYear: 1989, minMemory: 640 * kilobyte, cpuFamily: "80286", minCpuSpeedMHz: 12, minOsVersion: "3.3"),
                PlatformEra(fromYear: 1992, minMemory: 2 * megabyte, cpuFamily: "80386", minCpuSpeedMHz: 25, minOsVersion: "5.0"),
                PlatformEra(fromYear: 1994, minMemory: 4 * megabyte, cpuFamily: "80486", minCpuSpeedMHz: 33, minOsVersion: "6.0"),
            ]),
        PlatformProfile(
            names: ["Macintosh", "Mac", "Mac OS", "Classic Mac OS"], cpuFamily: "68000", minCpuSpeedMHz: 8,
            osName: "System",
            eras: [
                PlatformEra(fromYear: 1984, minMemory: 128 * kilobyte, minOsVersion: "1.0"),
                PlatformEra(fromYear: 1986, minMemory: 1 * megabyte, minOsVersion: "3.0"),
                PlatformEra(fromYear: 1988, minMemory: 1 * megabyte, minOsVersion: "6.0"),
                PlatformEra(fromYear: 1991, minMemory: 2 * megabyte, minOsVersion: "7.0"),
                PlatformEra(fromYear: 1994, minMemory: 4 * megabyte, cpuFamily: "68030", minCpuSpeedMHz: 16, minOsVersion: "7.5"),
            ]),
        PlatformProfile(
            names: ["Amiga", "Commodore Amiga"], cpuFamily: "68000", minCpuSpeedMHz: 7, osName: "AmigaOS",
            eras: [
                PlatformEra(fromYear: 1985, minMemory: 256 * kilobyte, minOsVersion: "1.0"),
                PlatformEra(fromYear: 1987, minMemory: 512 * kilobyte, minOsVersion: "1.2"),
                PlatformEra(fromYear: 1990, minMemory: 1 * megabyte, minOsVersion: "2.0"),
                PlatformEra(fromYear: 1992, minMemory: 2 * megabyte, cpuFamily: "68020", minCpuSpeedMHz: 14, minOsVersion: "3.0"),
            ]),
        PlatformProfile(
            names: ["Atari ST", "Atari 520ST", "Atari 1040ST"], cpuFamily: "68000", minCpuSpeedMHz: 8, osName: "TOS",
            eras: [
                PlatformEra(fromYear: 1985, minMemory: 512 * kilobyte, minOsVersion: "1.0"),
                PlatformEra(fromYear: 1987, minMemory: 1 * megabyte, minOsVersion: "1.4"),
            ]),
        PlatformProfile(
            names: ["ZX Spectrum", "Sinclair ZX Spectrum", "Spectrum"], cpuFamily: "Z80", minCpuSpeedMHz: 4,
            eras: [
                PlatformEra(fromYear: 1982, minMemory: 16 * kilobyte),
                PlatformEra(fromYear: 1983, minMemory: 48 * kilobyte),
                PlatformEra(fromYear: 1986, minMemory: 128 * kilobyte),
            ]),
        PlatformProfile(
            names: ["NES", "Nintendo Entertainment System", "Famicom", "Family Computer"], cpuFamily: "Ricoh 2A03",
            minCpuSpeedMHz: 2, eras: [PlatformEra(fromYear: 1983, minMemory: 2 * kilobyte)]),
        PlatformProfile(
            names: ["SNES", "Super Nintendo", "Super Nintendo Entertainment System", "Super Famicom"],
            cpuFamily: "Ricoh 5A22", minCpuSpeedMHz: 4, eras: [PlatformEra(fromYear: 1990, minMemory: 128 * kilobyte)]),
        PlatformProfile(
            names: ["Game Boy", "GameBoy"], cpuFamily: "Sharp LR35902", minCpuSpeedMHz: 4,
            eras: [PlatformEra(fromYear: 1989, minMemory: 8 * kilobyte)]),
        PlatformProfile(
            names: ["Sega Genesis", "Mega Drive", "Sega Mega Drive", "Genesis"], cpuFamily: "68000", minCpuSpeedMHz: 8,
            eras: [PlatformEra(fromYear: 1988, minMemory: 64 * kilobyte)]),
        PlatformProfile(
            names: ["Atari 2600", "Atari VCS", "VCS"], cpuFamily: "6507", minCpuSpeedMHz: 1,
            eras: [PlatformEra(fromYear: 1977, minMemory: 128)]),
    ])
}
