import Foundation

/// Windows time-zone names (as Outlook and Exchange write them in TZID) mapped to IANA zones,
/// after the CLDR `windowsZones` primary ("001") mapping. Alternatives are tried in order.
enum WindowsZones {
    static func zone(for tzid: String) -> TimeZone? {
        let key = tzid.trimmingSpaces().lowercased()
        guard let candidates = table[key] else { return nil }
        for c in candidates { if let tz = TimeZone(identifier: c) { return tz } }
        return nil
    }

    private static let table: [String: [String]] = {
        var t: [String: [String]] = [:]
        for (k, v) in pairs { t[k.lowercased()] = v.split(separator: "|").map(String.init) }
        return t
    }()

    private static let pairs: [(String, String)] = [
        ("Dateline Standard Time", "Etc/GMT+12"), ("UTC-11", "Etc/GMT+11"),
        ("Hawaiian Standard Time", "Pacific/Honolulu"), ("Alaskan Standard Time", "America/Anchorage"),
        ("Pacific Standard Time", "America/Los_Angeles"), ("Pacific Time (US & Canada)", "America/Los_Angeles"),
        ("Pacific Standard Time (Mexico)", "America/Tijuana"), ("US Mountain Standard Time", "America/Phoenix"),
        ("Mountain Standard Time", "America/Denver"), ("Mountain Time (US & Canada)", "America/Denver"),
        ("Mountain Standard Time (Mexico)", "America/Mazatlan"), ("Central America Standard Time", "America/Guatemala"),
        ("Central Standard Time", "America/Chicago"), ("Central Time (US & Canada)", "America/Chicago"),
        ("Central Standard Time (Mexico)", "America/Mexico_City"), ("Canada Central Standard Time", "America/Regina"),
        ("SA Pacific Standard Time", "America/Bogota"), ("Eastern Standard Time", "America/New_York"),
        ("Eastern Time (US & Canada)", "America/New_York"), ("Eastern Standard Time (Mexico)", "America/Cancun"),
        ("US Eastern Standard Time", "America/Indiana/Indianapolis|America/Indianapolis"),
        ("Venezuela Standard Time", "America/Caracas"), ("Atlantic Standard Time", "America/Halifax"),
        ("SA Western Standard Time", "America/La_Paz"), ("Pacific SA Standard Time", "America/Santiago"),
        ("Newfoundland Standard Time", "America/St_Johns"), ("E. South America Standard Time", "America/Sao_Paulo"),
        ("Argentina Standard Time", "America/Argentina/Buenos_Aires|America/Buenos_Aires"),
        ("SA Eastern Standard Time", "America/Cayenne"), ("Greenland Standard Time", "America/Nuuk|America/Godthab"),
        ("Montevideo Standard Time", "America/Montevideo"), ("UTC-02", "Etc/GMT+2"),
        ("Azores Standard Time", "Atlantic/Azores"), ("Cape Verde Standard Time", "Atlantic/Cape_Verde"),
        ("UTC", "Etc/UTC|GMT"), ("Coordinated Universal Time", "Etc/UTC|GMT"),
        ("GMT Standard Time", "Europe/London"), ("Greenwich Standard Time", "Atlantic/Reykjavik"),
        ("Morocco Standard Time", "Africa/Casablanca"), ("W. Europe Standard Time", "Europe/Berlin"),
        ("Central Europe Standard Time", "Europe/Budapest"), ("Romance Standard Time", "Europe/Paris"),
        ("Central European Standard Time", "Europe/Warsaw"), ("W. Central Africa Standard Time", "Africa/Lagos"),
        ("Jordan Standard Time", "Asia/Amman"), ("GTB Standard Time", "Europe/Bucharest"),
        ("Middle East Standard Time", "Asia/Beirut"), ("Egypt Standard Time", "Africa/Cairo"),
        ("E. Europe Standard Time", "Europe/Chisinau"), ("Syria Standard Time", "Asia/Damascus"),
        ("South Africa Standard Time", "Africa/Johannesburg"), ("FLE Standard Time", "Europe/Kyiv|Europe/Kiev"),
        ("Israel Standard Time", "Asia/Jerusalem"), ("Arabic Standard Time", "Asia/Baghdad"),
        ("Turkey Standard Time", "Europe/Istanbul"), ("Arab Standard Time", "Asia/Riyadh"),
        ("Russian Standard Time", "Europe/Moscow"), ("E. Africa Standard Time", "Africa/Nairobi"),
        ("Iran Standard Time", "Asia/Tehran"), ("Arabian Standard Time", "Asia/Dubai"),
        ("Azerbaijan Standard Time", "Asia/Baku"), ("Afghanistan Standard Time", "Asia/Kabul"),
        ("Pakistan Standard Time", "Asia/Karachi"), ("West Asia Standard Time", "Asia/Tashkent"),
        ("India Standard Time", "Asia/Kolkata|Asia/Calcutta"), ("Sri Lanka Standard Time", "Asia/Colombo"),
        ("Nepal Standard Time", "Asia/Kathmandu|Asia/Katmandu"), ("Central Asia Standard Time", "Asia/Almaty"),
        ("Bangladesh Standard Time", "Asia/Dhaka"), ("Myanmar Standard Time", "Asia/Yangon|Asia/Rangoon"),
        ("SE Asia Standard Time", "Asia/Bangkok"), ("North Asia Standard Time", "Asia/Krasnoyarsk"),
        ("China Standard Time", "Asia/Shanghai"), ("Singapore Standard Time", "Asia/Singapore"),
        ("W. Australia Standard Time", "Australia/Perth"), ("Taipei Standard Time", "Asia/Taipei"),
        ("Tokyo Standard Time", "Asia/Tokyo"), ("Korea Standard Time", "Asia/Seoul"),
        ("Cen. Australia Standard Time", "Australia/Adelaide"), ("AUS Central Standard Time", "Australia/Darwin"),
        ("E. Australia Standard Time", "Australia/Brisbane"), ("AUS Eastern Standard Time", "Australia/Sydney"),
        ("West Pacific Standard Time", "Pacific/Port_Moresby"), ("Tasmania Standard Time", "Australia/Hobart"),
        ("Vladivostok Standard Time", "Asia/Vladivostok"), ("New Zealand Standard Time", "Pacific/Auckland"),
        ("Fiji Standard Time", "Pacific/Fiji"), ("Tonga Standard Time", "Pacific/Tongatapu"),
        ("Samoa Standard Time", "Pacific/Apia"), ("Line Islands Standard Time", "Pacific/Kiritimati"),
    ]
}
