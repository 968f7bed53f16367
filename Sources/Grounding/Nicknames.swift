import Foundation

/// English given names and the short forms people call each other by: a person asks about "Tom"
/// and the passport, the policy and the tenancy say "Thomas". A question's name matches a
/// document's in either direction (`variants`), for retrieval's term matching and gate H's
/// coverage alike. Only well-established short forms are listed; a short form of several names
/// ("Sam": Samuel, Samantha) matches each of them.
public enum Nicknames {
    /// Full name → its short forms.
    static let shortForms: [String: [String]] = [
        "abigail": ["abby", "abbie"], "alasdair": ["ally", "ali"], "alistair": ["ally", "ali"],
        "alexander": ["alex", "sandy"], "alexandra": ["alex", "sandy"],
        "alfred": ["alfie", "alf"], "andrew": ["andy", "drew"], "anthony": ["tony"], "benjamin": ["ben"],
        "dafydd": ["dai"], "gwendolyn": ["gwen"], "gwenllian": ["gwen"],
        "catherine": ["cathy", "kate", "katie"], "catriona": ["cat", "cath"], "charles": ["charlie", "chas"],
        "charlotte": ["charlie", "lottie"],
        "christopher": ["chris"], "christine": ["chris"], "daniel": ["dan", "danny"], "david": ["dave", "davy"],
        "deborah": ["debbie", "deb"], "douglas": ["dougie", "doug"], "edward": ["ed", "eddie", "ted", "ned"],
        "eleanor": ["ellie", "nell"],
        "elizabeth": ["liz", "lizzie", "beth", "betty", "eliza"], "frederick": ["fred", "freddie"],
        "gregory": ["greg"], "harold": ["harry"], "henry": ["harry", "hal"], "isabel": ["izzy", "bella"],
        "isabella": ["izzy", "bella"], "jacob": ["jake"], "james": ["jim", "jimmy", "jamie"], "jennifer": ["jen", "jenny"],
        "jessica": ["jess"], "john": ["jack", "johnny"], "jonathan": ["jon"], "joseph": ["joe", "joey"],
        "joanna": ["jo"], "josephine": ["jo", "josie"], "katherine": ["kate", "katie", "kathy"], "kenneth": ["ken", "kenny"],
        "kevin": ["kev"], "lawrence": ["larry"], "leonard": ["len", "leo"], "margaret": ["maggie", "meg", "peggy"],
        "matthew": ["matt"], "michael": ["mike", "mick", "mikey"], "nicholas": ["nick", "nicky"],
        "oliver": ["ollie"], "patricia": ["pat", "trish"], "patrick": ["pat", "paddy"], "peter": ["pete"],
        "philip": ["phil"], "rebecca": ["becky", "becca"], "richard": ["rich", "rick", "dick"],
        "robert": ["rob", "bob", "bobby", "robbie", "rab"], "ronald": ["ron"], "samuel": ["sam", "sammy"],
        "samantha": ["sam"], "sophia": ["sophie"], "stephen": ["steve"], "steven": ["steve"], "susan": ["sue", "susie"],
        "theodore": ["theo", "ted"], "thomas": ["tom", "tommy", "tam"], "timothy": ["tim"], "victoria": ["vicky", "tori"],
        "william": ["will", "bill", "billy", "liam"], "zachary": ["zach"],
    ]

    /// Each name → the names it may stand for or be written as (both directions), lowercased.
    static let related = WordVariants.bothWays(shortForms)

    /// Short forms that are also everyday words ("bill", "will", "jack", "rob"): they stand for a
    /// name only when the question writes them with a capital.
    static let everydayWords: Set<String> = ["bill", "will", "pat", "rich", "dick", "sandy", "drew", "jack", "rob",
                                              "nick", "sue", "hal", "ted", "ed", "ken", "len", "bob", "chas", "ned",
                                              "nell", "meg", "deb", "ron", "theo", "leo", "cat", "ali"]

    /// The other forms of the lowercased name `word` (empty for a word that is no listed name, or
    /// an everyday word the question did not write as a name).
    public static func variants(of word: String, capitalised: Bool) -> Set<String> {
        guard capitalised || !everydayWords.contains(word) else { return [] }
        return related[word] ?? []
    }
}
