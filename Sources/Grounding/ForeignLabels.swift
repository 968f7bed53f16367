import Foundation

/// A person who lives in one language and asks in another: "what's the upright bass worth" of an
/// inventory that writes `Wert ........ 9.500 €`, "rent for the rehearsal room" of a bank export's
/// `Miete Proberaum`. The words of personal paperwork (an invoice's fields, a bank statement's,
/// a policy's, a contract's) as German, French, Spanish, Catalan, Portuguese, Dutch and Italian files write
/// them, by the English word asked. Retrieval's term matching and gate H's coverage read them
/// through `WordVariants.variants`.
///
/// Only words no English text uses in another sense: not German "Rad" (wheel) or "Tag" (day),
/// not French "caution" (deposit), not Dutch "voor" (front) or "gekocht" (also "cooked").
public enum ForeignLabels {
    /// An English word asked → the words files in other languages write for it.
    static let written: [String: [String]] = {
        var map: [String: [String]] = [:]
        for (words, foreign) in groups {
            for word in words { map[word, default: []].append(contentsOf: foreign) }
        }
        return map
    }()

    /// The forms of `word` (lowercased, as asked) in the other languages; empty when it has none.
    public static func forms(of word: String) -> [String] { written[word] ?? [] }

    /// English words asked (their usual forms) and what other languages write for them.
    static let groups: [([String], [String])] = [
        (["worth", "value", "valued"], ["wert", "zeitwert", "valeur", "valor", "waarde", "valore", "patrimonial"]),
        (["serial"], ["seriennr", "seriennummer", "série", "serie"]),
        (["excess", "deductible"], ["selbstbeteiligung", "franchise", "franquicia", "franquícia", "franchigia",
                                    "franquia"]),
        (["fee", "fees"], ["gage", "honorar", "honoraire", "honoraires", "honorarios", "honoraris", "compenso",
                           "honorários"]),
        (["vat"], ["ust", "mwst", "umsatzsteuer", "mehrwertsteuer", "tva", "iva", "btw"]),
        (["rent", "rental"], ["miete", "kaltmiete", "warmmiete", "loyer", "alquiler", "lloguer", "huur", "affitto",
                              "renda", "aluguer", "aluguel"]),
        (["invoice", "invoices", "bill"], ["rechnung", "facture", "factura", "factuur", "fattura", "fatura"]),
        (["amount"], ["betrag", "summe", "montant", "importe", "bedrag", "importo", "montante", "importância"]),
        (["due"], ["fällig", "fälligkeit", "échéance", "vencimiento", "venciment", "vervaldatum", "scadenza",
                   "vencimento", "prazo", "limite"]),
        (["total"], ["gesamt", "gesamtbetrag", "summe", "totaal", "totale"]),
        (["balance"], ["saldo", "solde", "kontostand"]),
        (["parking"], ["parken", "parkplatz", "parkhaus", "parkgebühr", "stationnement", "aparcamiento", "aparcament",
                       "parkeren", "parcheggio", "estacionamento"]),
        (["deposit"], ["kaution", "fianza", "fiança", "borgsom", "waarborgsom", "cauzione", "caução"]),
        (["bought", "purchased", "purchase"], ["gekauft", "kaufdatum", "acheté", "achat", "compra", "comprado",
                                               "comprat", "aankoop", "acquisto"]),
        (["insurance", "insurer", "policy"], ["versicherung", "seguro", "póliza", "assegurança", "pòlissa",
                                              "verzekering", "polis", "assicurazione", "polizza", "apólice"]),
        (["payment", "paid", "pay"], ["zahlung", "bezahlt", "überweisung", "paiement", "payé", "pago", "pagado",
                                      "pagament", "betaling", "betaald", "pagamento", "pagar", "pagos"]),
        (["price", "cost", "costs"], ["preis", "kosten", "prix", "coût", "precio", "coste", "preu", "prijs", "prezzo",
                                      "costo", "preço", "custo"]),
        (["damage", "damaged"], ["schaden", "beschädigung", "dommage", "dommages", "dégât", "daño", "danys", "schade",
                                 "danno", "dano", "danos"]),
        (["days"], ["tage", "tagen", "jours", "días", "dagen", "giorni", "dias"]),
        (["tax"], ["steuer", "steuern", "impôt", "impôts", "impuesto", "impost", "belasting", "imposta", "imposto"]),
        (["advisor", "adviser", "accountant"], ["steuerberater", "steuerberaterin", "berater", "comptable", "asesor",
                                                "gestor", "gestoría", "gestoria", "boekhouder", "commercialista",
                                                "contabilista"]),
        (["wheel"], ["roue", "rueda", "roda", "wiel", "ruota"]),
        (["rear", "back"], ["hinten", "hinterrad", "arrière", "trasera", "trasero", "posterior", "darrere",
                            "achterwiel", "posteriore"]),
        (["grant", "subsidy"], ["zuschuss", "förderung", "subvention", "subvención", "subvenció", "subsidie",
                                "sovvenzione"]),
        (["ambulance"], ["krankenwagen", "rettungswagen", "ambulancia", "ambulància", "ambulanza"]),
        (["doctor", "gp"], ["arzt", "ärztin", "hausarzt", "médecin", "médico", "metge", "huisarts", "medico"]),
        (["phone", "telephone"], ["telefon", "téléphone", "teléfono", "telèfon", "telefoon", "telefono", "telefone",
                                  "telemóvel"]),
        (["address"], ["anschrift", "adresse", "dirección", "adreça", "adres", "indirizzo", "morada", "endereço"]),
        (["notice"], ["kündigungsfrist", "kündigung", "préavis", "preaviso", "preavís", "opzegtermijn", "preavviso"]),
        (["cancel", "cancellation", "cancels", "cancelled"], ["storno", "stornierung", "absage", "annulation",
                                                              "cancelación", "cancel·lació", "annulering",
                                                              "annullamento", "cancelamento", "anulação"]),
        (["fine", "penalty"], ["bußgeld", "strafe", "amende", "multa", "boete", "coima"]),
        (["receipt"], ["quittung", "beleg", "kassenbon", "reçu", "recibo", "rebut", "kassabon", "ricevuta"]),
        (["account"], ["konto", "compte", "cuenta", "rekening", "conto", "conta"]),
        (["salary", "wage", "wages", "pay"], ["gehalt", "lohn", "salaire", "salario", "salari", "loon", "stipendio",
                                              "salário", "ordenado"]),
        (["delivery"], ["lieferung", "livraison", "entrega", "lliurament", "levering", "consegna"]),
        (["weight"], ["gewicht", "poids", "peso", "pes"]),
        (["expiry", "expires", "expire"], ["ablaufdatum", "gültig", "expiration", "caducidad", "caducitat",
                                           "vervaldatum", "scadenza", "validade", "caducidade"]),
        (["room"], ["zimmer", "raum", "chambre", "habitación", "habitació", "kamer", "stanza", "quarto"]),
        (["rehearsal", "rehersal"], ["probe", "proberaum", "répétition", "ensayo", "assaig", "repetitie", "prova"]),
        (["bank"], ["banque", "banco", "banc", "banca"]),
        (["water"], ["wasser", "eau", "agua", "água", "aigua", "acqua"]),
        (["electricity", "electric", "power"], ["strom", "électricité", "electricidad", "electricitat",
                                                "eletricidade", "elektriciteit", "elettricità"]),
        (["use", "used", "usage", "consumption"], ["verbrauch", "consommation", "consumo", "consum", "verbruik"]),
        (["instalment", "installment", "instalments", "installments"], ["ratenzahlung", "prestação", "prestações",
                                                                        "termijn"]),
        (["condo", "condominium"], ["condomínio", "condominio", "condominis", "copropriété"]),
        (["roof"], ["dach", "toit", "tejado", "teulada", "telhado", "dak", "tetto"]),
        (["meeting", "agm"], ["versammlung", "réunion", "reunión", "reunió", "reunião", "assembleia", "vergadering",
                              "riunione"]),
        (["appointment"], ["termin", "cita", "marcação", "afspraak", "appuntamento"]),
        (["pension"], ["rente", "pensão", "pensión", "pensió", "pensioen", "pensione"]),
    ]
}
