import Foundation

/// Free text (`find`): names that are dates in a phrase but words of the task in a sentence.
///
/// - A month name without a day or year ("the june wedding", "meet April for coffee") is a date
///   only after a word that introduces a time ("in", "by", "until", "for", "of"…), at the start
///   of a clause that it ends ("June: book flights"), or after another date part.
/// - A holiday right before an ordinary word ("the christmas cards", "halloween costume") names
///   a kind of thing, not a day, unless a word that introduces a time comes before it ("for
///   christmas", "on christmas eve").
/// - A number right after a word that labels things by number ("chapter 3", "room 12", "gate 5")
///   is that label, never a time of day ("read chapter 3 tonight").
extension Grammar {
    /// Words after which a month or holiday name is a time.
    static let timeIntroducers: Set<String> = ["in", "by", "until", "till", "til", "before", "after", "since", "from", "for",
                                               "during", "through", "thru", "of", "on", "at", "over", "around", "due",
                                               "next", "last", "this", "coming", "early", "mid", "late", "end", "start", "starting", "beginning"]

    /// Words that follow a holiday used as a date ("christmas to see grandma", "christmas and new year").
    static let clauseWords: Set<String> = ["to", "and", "or", "with", "i", "we", "you", "me", "so", "then", "but", "when", "if",
                                           "remind", "call", "please", "eve", "day", "morning", "afternoon", "evening", "night"]

    /// Words that label things by number.
    /// Words that label things by number.
    static let numberLabels: Set<String> = [
        "chapter", "chapters", "page", "pages", "room", "step", "level", "version", "part", "season", "episode", "lesson",
        "unit", "exercise", "question", "item", "section", "table", "figure", "gate", "platform", "floor", "track", "bus",
        "route", "flight", "issue", "ticket", "pr", "bug", "number", "apartment", "apt", "suite", "box", "row", "seat",
        "size", "grade", "round", "stage", "module", "verse", "psalm", "scene", "volume", "vol", "sprint", "building",
        "block", "aisle", "bay", "dock", "terminal", "channel", "slide",
    ]

    /// The token before `i` introduces a time, or `i` starts a clause.
    func introducesTime(before i: Int) -> Bool {
        guard i > 0 else { return false }
        if let w = word(i - 1) { return Grammar.timeIntroducers.contains(w) }
        return false
    }

    /// A month name alone at `i` (ending at `end`) may be a date in free text.
    func monthAloneIsDate(at i: Int, end: Int, afterPart: Bool) -> Bool {
        if afterPart || introducesTime(before: i) { return true }
        // "June: book flights", "taxes, june": a clause of its own
        let startsClause = i == 0 || (tokens[i - 1].kind == .symbol && [",", ":", ";", "-", "("].contains(tokens[i - 1].text))
        let endsClause = end >= tokens.count || (tokens[end].kind == .symbol && [",", ":", ";", "-", ")", ".", "!", "?"].contains(tokens[end].text))
        return startsClause && endsClause
    }

    /// A holiday at `i` whose name ends before `end` modifies the word after it.
    func holidayModifiesNoun(at i: Int, end: Int) -> Bool {
        guard !introducesTime(before: i), let next = word(end) else { return false }
        return !Grammar.fillers.contains(next) && !Grammar.clauseWords.contains(next) && !Lexicon.isDateWord(next)
            && Lexicon.weekday(next) == nil && !["today", "tomorrow", "tonight", "yesterday"].contains(next)
    }

    /// The number at `i`, without am/pm or minutes, labels the thing named by the word before
    /// it ("chapter 3 tonight"; "yoga class 5pm" and "gate 5 at 17:30" keep their times).
    func numberIsLabel(at i: Int) -> Bool {
        guard number(i) != nil, tokens[i].spaced, let previous = word(i - 1), Grammar.numberLabels.contains(previous) else { return false }
        return meridiem(i + 1) == nil && !isSymbol(i + 1, ":", attached: true) && !isSymbol(i + 1, ".", attached: true)
            && !isWord(i + 1, ["oclock"])
    }
}
