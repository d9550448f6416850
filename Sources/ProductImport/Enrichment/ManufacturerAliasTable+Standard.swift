import Foundation

extension ManufacturerAliasTable {
    /// A small built-in table: well-known game, computer and food manufacturers.
    public static let standard = ManufacturerAliasTable(entries: [
        ManufacturerAliases(name: "Nintendo", aliases: ["Nintendo Co., Ltd.", "Nintendo of America", "任天堂"]),
        ManufacturerAliases(name: "Sega", aliases: ["Sega Enterprises", "Sega Corporation", "SEGA of America"]),
        ManufacturerAliases(name: "Atari", aliases: ["Atari, Inc.", "Atari Corporation", "Atari Games"]),
        ManufacturerAliases(name: "Apple Computer", aliases: ["Apple", "Apple Inc.", "Apple Computer, Inc."]),
        ManufacturerAliases(name: "Commodore", aliases: ["Commodore Business Machines", "Commodore International", "CBM"]),
        ManufacturerAliases(name: "Brøderbund", aliases: ["Broderbund", "Brøderbund Software", "Broderbund Software"]),
        ManufacturerAliases(name: "Sierra On-Line", aliases: ["Sierra", "Sierra Entertainment", "On-Line Systems"]),
        ManufacturerAliases(name: "Electronic Arts", aliases: ["EA", "EA Games"]),
        ManufacturerAliases(name: "Activision", aliases: ["Activision, Inc.", "Activision Blizzard"]),
        ManufacturerAliases(name: "Infocom", aliases: ["Infocom, Inc."]),
        ManufacturerAliases(name: "Microsoft", aliases: ["Microsoft Corporation", "MS"]),
        ManufacturerAliases(name: "Sinclair Research", aliases: ["Sinclair", "Sinclair Research Ltd"]),
        ManufacturerAliases(
            name: "The Coca-Cola Company", aliases: ["Coca-Cola Company", "Coca-Cola"],
            brands: ["Coca-Cola", "Coke", "Fanta", "Sprite", "Schweppes", "Hawai", "Minute Maid"]),
        ManufacturerAliases(name: "PepsiCo", aliases: ["Pepsi-Cola", "PepsiCo, Inc."], brands: ["Pepsi", "Lay's", "Tropicana", "7 Up"]),
        ManufacturerAliases(name: "Nestlé", aliases: ["Nestle", "Société des Produits Nestlé"], brands: ["Nescafé", "KitKat", "Maggi"]),
        ManufacturerAliases(name: "Danone", aliases: ["Groupe Danone"], brands: ["Evian", "Activia", "Alpro"]),
        ManufacturerAliases(name: "Unilever", aliases: ["Unilever PLC"], brands: ["Knorr", "Ben & Jerry's", "Hellmann's"]),
        ManufacturerAliases(name: "Ferrero", aliases: ["Ferrero SpA"], brands: ["Nutella", "Kinder", "Tic Tac"]),
        ManufacturerAliases(name: "Mondelēz International", aliases: ["Mondelez", "Kraft Foods"], brands: ["Milka", "Oreo", "LU", "Toblerone"]),
        ManufacturerAliases(name: "McCormick & Company", aliases: ["McCormick"], brands: ["Thai Kitchen", "Simply Asia"]),
    ])
}
