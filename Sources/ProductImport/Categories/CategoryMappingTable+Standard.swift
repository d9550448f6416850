import Foundation

extension CategoryMappingTable {
    /// The built-in table: common Open Food Facts food and beverage tags (with their French names where Open Food
    /// Facts shows them), book genres as catalogue paths write them, and software, hardware, household and
    /// personal care kinds.
    ///
    /// Main ids: `food`, `beverage`, `books`, `software`, `hardware`, `household`, `personal-care`, and `other`
    /// for values that pass through. Sub ids are kebab-case (`dairy`, `fats-oils`, `science-fiction`).
    public static let standard = CategoryMappingTable(
        mappings: foodMappings + beverageMappings + bookMappings + collectibleMappings + nonFoodMappings,
        ignoredTerms: ["general", "other", "others", "misc", "miscellaneous", "all", "various", "unknown", "unclassified"],
        fallbackMain: "other")

    private static let foodMappings: [CategoryMapping] = [
        CategoryMapping(main: "food", terms: [
            "food", "foods", "groceries", "plant-based foods and beverages", "plant-based foods", "breakfasts",
            "aliments et boissons à base de végétaux", "aliments d'origine végétale",
        ]),
        CategoryMapping(main: "food", sub: "dairy", terms: [
            "dairies", "dairy", "dairy products", "milk products", "milks", "fermented milk products", "yogurts",
            "yoghurts", "creams", "produits laitiers",
        ]),
        CategoryMapping(main: "food", sub: "cheese", terms: [
            "cheeses", "goat cheeses", "cow cheeses", "sheep cheeses", "french cheeses", "fromages",
        ]),
        CategoryMapping(main: "food", sub: "bread", terms: [
            "breads", "sliced breads", "wholemeal breads", "bakery", "bakery products", "pains", "viennoiseries",
        ]),
        CategoryMapping(main: "food", sub: "cereals", terms: [
            "cereals", "cereals and potatoes", "cereals and their products", "breakfast cereals", "rice", "flours",
            "céréales",
        ]),
        CategoryMapping(main: "food", sub: "pasta", terms: ["pastas", "noodles", "rice noodles", "spaghetti"]),
        CategoryMapping(main: "food", sub: "snacks", terms: [
            "snacks", "salty snacks", "appetizers", "crisps", "potato crisps", "chips", "chips and fries", "popcorn",
        ]),
        CategoryMapping(main: "food", sub: "sweets", terms: [
            "sweet snacks", "confectioneries", "confectionery", "candies", "chocolates", "biscuits",
            "biscuits and cakes", "cakes", "cookies",
        ]),
        CategoryMapping(main: "food", sub: "spreads", terms: [
            "spreads", "sweet spreads", "plant-based spreads", "jams", "fruit spreads", "hazelnut spreads",
        ]),
        CategoryMapping(main: "food", sub: "fats-oils", terms: [
            "fats", "vegetable fats", "spreadable fats", "margarines", "light margarines", "butters", "oils",
            "vegetable oils", "olive oils", "matières grasses",
        ]),
        CategoryMapping(main: "food", sub: "sweeteners", terms: [
            "sweeteners", "simple syrups", "agave syrups", "honeys", "sugars", "édulcorants",
        ]),
        CategoryMapping(main: "food", sub: "fruits-vegetables", terms: [
            "fruits and vegetables based foods", "fruits based foods", "vegetables based foods", "fruits",
            "vegetables", "fresh vegetables", "fresh fruits", "dried fruits",
        ]),
        CategoryMapping(main: "food", sub: "legumes", terms: [
            "legumes", "legumes and their products", "pulses", "beans", "green beans", "lentils", "chickpeas",
        ]),
        CategoryMapping(main: "food", sub: "meat", terms: [
            "meats", "poultries", "poultry", "hams", "sausages", "charcuterie", "prepared meats",
        ]),
        CategoryMapping(main: "food", sub: "fish-seafood", terms: ["fishes", "fish", "seafood", "fishes and their products"]),
        CategoryMapping(main: "food", sub: "eggs", terms: ["eggs"]),
        CategoryMapping(main: "food", sub: "prepared-meals", terms: [
            "meals", "prepared meals", "ready meals", "sandwiches", "pizzas", "soups",
        ]),
        CategoryMapping(main: "food", sub: "sauces-condiments", terms: [
            "sauces", "condiments", "mustards", "ketchups", "mayonnaises", "spices", "salts", "vinegars",
        ]),
        CategoryMapping(main: "food", sub: "desserts", terms: ["desserts", "frozen desserts", "ice creams"]),
        CategoryMapping(main: "food", sub: "frozen", terms: ["frozen foods"]),
        CategoryMapping(main: "food", sub: "baby-food", terms: ["baby foods"]),
    ]

    private static let beverageMappings: [CategoryMapping] = [
        CategoryMapping(main: "beverage", terms: [
            "beverages", "drinks", "beverages and beverages preparations", "plant-based beverages",
            "non-alcoholic beverages", "sweetened beverages", "sugared beverages", "artificially sweetened beverages",
            "fruit-based beverages", "boissons",
        ]),
        CategoryMapping(main: "beverage", sub: "soda", terms: [
            "sodas", "soft drinks", "carbonated drinks", "colas", "fruit sodas", "orange soft drinks", "lemonades",
            "tonic water", "tonic waters", "boissons gazeuses",
        ]),
        CategoryMapping(main: "beverage", sub: "water", terms: [
            "waters", "mineral waters", "spring waters", "sparkling waters", "flavoured waters",
        ]),
        CategoryMapping(main: "beverage", sub: "juice", terms: [
            "juices", "fruit juices", "orange juices", "apple juices", "nectars", "fruit juices and nectars", "smoothies",
        ]),
        CategoryMapping(main: "beverage", sub: "coffee", terms: ["coffees", "ground coffees", "coffee drinks"]),
        CategoryMapping(main: "beverage", sub: "tea", terms: ["teas", "iced teas", "herbal teas", "infusions"]),
        CategoryMapping(main: "beverage", sub: "plant-milk", terms: [
            "plant milks", "plant-based milk alternatives", "soy milks", "oat milks", "almond milks",
        ]),
        CategoryMapping(main: "beverage", sub: "energy-drink", terms: ["energy drinks"]),
        CategoryMapping(main: "beverage", sub: "alcoholic", terms: ["alcoholic beverages"]),
        CategoryMapping(main: "beverage", sub: "beer", terms: ["beers"]),
        CategoryMapping(main: "beverage", sub: "wine", terms: ["wines", "red wines", "white wines", "sparkling wines"]),
        CategoryMapping(main: "beverage", sub: "spirits", terms: ["spirits", "liquors", "whiskies", "vodkas"]),
    ]

    private static let bookMappings: [CategoryMapping] = [
        CategoryMapping(main: "books", terms: ["books"]),
        CategoryMapping(main: "books", sub: "fiction", terms: ["fiction", "novels", "literary fiction"]),
        CategoryMapping(main: "books", sub: "science-fiction", terms: ["science fiction", "sci-fi", "scifi", "sf"]),
        CategoryMapping(main: "books", sub: "fantasy", terms: ["fantasy", "epic fantasy"]),
        CategoryMapping(main: "books", sub: "thriller", terms: ["thrillers", "suspense", "thrillers and suspense"]),
        CategoryMapping(main: "books", sub: "mystery", terms: ["mysteries", "crime", "crime fiction", "detective"]),
        CategoryMapping(main: "books", sub: "romance", terms: ["romances"]),
        CategoryMapping(main: "books", sub: "horror", terms: ["horror"]),
        CategoryMapping(main: "books", sub: "biography", terms: ["biographies", "biography and autobiography", "memoirs"]),
        CategoryMapping(main: "books", sub: "history", terms: ["history"]),
        CategoryMapping(main: "books", sub: "children", terms: ["juvenile fiction", "children's books"]),
        CategoryMapping(main: "books", sub: "nonfiction", terms: ["nonfiction", "non-fiction"]),
        CategoryMapping(main: "books", sub: "comics", terms: ["comics", "graphic novels", "comics and graphic novels", "manga"]),
    ]

    private static let collectibleMappings: [CategoryMapping] = [
        CategoryMapping(main: "software", terms: ["software", "computer software"]),
        CategoryMapping(main: "software", sub: "game", terms: ["games", "video games", "videogames", "computer games"]),
        CategoryMapping(main: "software", sub: "utility", terms: ["utilities", "utility software"]),
        CategoryMapping(main: "software", sub: "productivity", terms: ["productivity", "word processors", "spreadsheets"]),
        CategoryMapping(main: "software", sub: "education", terms: ["educational software", "education"]),
        CategoryMapping(main: "software", sub: "operating-system", terms: ["operating systems"]),
        CategoryMapping(main: "software", sub: "development", terms: ["programming", "development tools", "compilers"]),
        CategoryMapping(main: "hardware", terms: ["hardware", "computer hardware"]),
        CategoryMapping(main: "hardware", sub: "console", terms: ["consoles", "game consoles", "video game consoles", "handhelds"]),
        CategoryMapping(main: "hardware", sub: "computer", terms: ["computers", "home computers", "personal computers", "microcomputers"]),
        CategoryMapping(main: "hardware", sub: "peripheral", terms: ["peripherals", "joysticks", "controllers", "disk drives", "printers", "monitors"]),
    ]

    private static let nonFoodMappings: [CategoryMapping] = [
        CategoryMapping(main: "household", terms: ["household", "household products"]),
        CategoryMapping(main: "household", sub: "cleaning", terms: ["cleaning products", "detergents", "cleaners"]),
        CategoryMapping(main: "household", sub: "laundry", terms: ["laundry", "laundry detergents"]),
        CategoryMapping(main: "personal-care", terms: ["beauty", "personal care"]),
        CategoryMapping(main: "personal-care", sub: "cosmetics", terms: ["cosmetics", "make-up", "makeup"]),
        CategoryMapping(main: "personal-care", sub: "hair-care", terms: ["shampoos", "hair care", "conditioners"]),
        CategoryMapping(main: "personal-care", sub: "oral-care", terms: ["toothpastes", "oral care"]),
        CategoryMapping(main: "personal-care", sub: "hygiene", terms: ["soaps", "shower gels", "deodorants"]),
    ]
}
