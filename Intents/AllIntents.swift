import IntentKit

/// Every intent this binary offers, in catalog order. A test fails when an intent type in this
/// module is missing here.
public let allIntents: [any Intent.Type] = [
    CaptureThought.self,
    CreateReminder.self,
    ListReminders.self,
    CompleteReminder.self,
    UpdateReminder.self,
    DeleteReminder.self,
    UndoWrite.self,
    ListEvents.self,
    DailyBrief.self,
    AskLibrary.self,
]

public let intentRegistry = IntentRegistry(allIntents)
