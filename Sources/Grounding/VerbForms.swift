import Foundation

/// A verb's other written forms, for the words the stemmer cannot bring together: a question asks
/// in the base form after "did" ("What year did Tesla die?") and the files write the past ("Tesla
/// died on 7 January 1943"). The stemmer keeps words of up to four letters whole and cuts "-ed"
/// and "-s" without giving back an "e" ("created" is "creat", "create" stays "create"), and no
/// suffix rule reaches an irregular past ("won", "built", "held").
public enum VerbForms {
    /// Irregular verbs → their past and participle forms (the commonest in questions and files).
    static let irregular: [String: [String]] = [
        "become": ["became"], "begin": ["began", "begun"], "break": ["broke", "broken"], "bring": ["brought"],
        "build": ["built"], "buy": ["bought"], "catch": ["caught"], "choose": ["chose", "chosen"],
        "come": ["came"], "do": ["did", "done"], "draw": ["drew", "drawn"], "drive": ["drove", "driven"],
        "eat": ["ate", "eaten"], "fall": ["fell", "fallen"], "feed": ["fed"], "feel": ["felt"], "fight": ["fought"],
        "find": ["found"], "fly": ["flew", "flown"], "forget": ["forgot", "forgotten"], "freeze": ["froze", "frozen"],
        "get": ["got", "gotten"], "give": ["gave", "given"], "go": ["went", "gone"], "grow": ["grew", "grown"],
        "hang": ["hung"], "hear": ["heard"], "hide": ["hid", "hidden"], "hold": ["held"], "keep": ["kept"],
        "know": ["knew", "known"], "lay": ["laid"], "lead": ["led"], "leave": ["left"], "lend": ["lent"],
        "lose": ["lost"], "make": ["made"], "mean": ["meant"], "meet": ["met"], "pay": ["paid"],
        "rise": ["rose", "risen"], "ride": ["rode", "ridden"], "ring": ["rang", "rung"], "run": ["ran"],
        "say": ["said"], "see": ["saw", "seen"], "seek": ["sought"], "sell": ["sold"], "send": ["sent"],
        "shake": ["shook", "shaken"], "shine": ["shone"], "shoot": ["shot"], "sing": ["sang", "sung"],
        "sink": ["sank", "sunk"], "sit": ["sat"], "sleep": ["slept"], "speak": ["spoke", "spoken"],
        "spend": ["spent"], "stand": ["stood"], "steal": ["stole", "stolen"], "strike": ["struck"],
        "swim": ["swam", "swum"], "take": ["took", "taken"], "teach": ["taught"], "tear": ["tore", "torn"],
        "tell": ["told"], "think": ["thought"], "throw": ["threw", "thrown"], "understand": ["understood"],
        "wake": ["woke", "woken"], "wear": ["wore", "worn"], "win": ["won"], "write": ["wrote", "written"],
        "bear": ["bore", "born", "borne"], "dig": ["dug"], "bind": ["bound"], "flee": ["fled"], "arise": ["arose", "arisen"],
        "overcome": ["overcame"], "undergo": ["underwent", "undergone"], "withdraw": ["withdrew", "withdrawn"],
        "forbid": ["forbade", "forbidden"], "slay": ["slew", "slain"], "weave": ["wove", "woven"],
    ]
    /// Each form → the other forms of its verb. A form that is also another common word ("left",
    /// "found", "saw", "lay", "bound", "sat", "rose") is read as the verb only in that direction:
    /// the base "leave" meets "left", but "left" asked ("the left bank") does not bring "leave".
    static let forms: [String: Set<String>] = {
        let ambiguous: Set<String> = ["left", "found", "saw", "lay", "bound", "sat", "rose", "fell", "ate", "tore", "bore",
                                      "shot", "sunk", "ring", "rung", "lead", "mean", "tear", "bear", "sink", "fly", "see",
                                      "got", "hung", "met", "ran", "born", "borne"]
        var map: [String: Set<String>] = [:]
        for (base, past) in irregular {
            map[base, default: []].formUnion(past)
            for form in past where !ambiguous.contains(form) {
                map[form, default: []].insert(base)
                map[form, default: []].formUnion(past.filter { $0 != form })
            }
        }
        return map
    }()

    /// The inflected forms of a lowercased letter-only word the stemmer would not meet:
    /// irregular forms, "-d"/"-s" after a final "e" ("die": "died", "dies"), and a doubled final
    /// consonant ("plan": "planned", "planning").
    public static func variants(of word: String) -> Set<String> {
        if let irregular = forms[word] {
            // and the base's "-s" ("frozen" asked, "Freezes well for up to 3 months" written)
            let bases = irregular.union([word]).filter { Self.irregular[$0] != nil && $0.hasSuffix("e") }
            return irregular.union(bases.map { $0 + "s" })
        }
        var out = Set<String>()
        let letters = Array(word)
        // a plural or a third person ("this", "bus") doubles nothing; nor does a shortening ("ref")
        guard letters.count >= 3, !word.hasSuffix("s"), WordVariants.shortened[word] == nil else { return out }
        if word.hasSuffix("e"), !word.hasSuffix("ee") {
            out.formUnion([word + "d", word + "s"])
        }
        let vowels: Set<Character> = ["a", "e", "i", "o", "u"]
        let n = letters.count
        if n <= 4, !vowels.contains(letters[n - 1]), !"wxy".contains(letters[n - 1]),
           vowels.contains(letters[n - 2]), !vowels.contains(letters[n - 3]) {
            out.formUnion([word + String(letters[n - 1]) + "ed", word + String(letters[n - 1]) + "ing"])
        }
        return out
    }
}
