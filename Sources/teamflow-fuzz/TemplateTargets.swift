import Foundation
import Scaffolding
import Templates
import YAML

/// The template engine: lexer, parser and renderer, and the data files `template render` reads.
enum TemplateTargets {
    /// The input is a template named `input`; it may include or extend itself and two fixed
    /// templates, and renders with a context holding every kind of value, within the default
    /// ``RenderBudget``. Running out of budget is the engine working (not a finding); a crash or
    /// a render that runs long is one, and so is a budget error that names no place.
    static let template = FuzzTarget(
        name: "template",
        summary: "TemplateEnvironment parse (none/smart/all trimming) and render with include/extends, within the budget"
    ) { bytes in
        let source = text(bytes)
        let loader = DictionaryLoader(templates: [
            "input": source,
            "base.stencil": "<{% block content %}base{% endblock %}|{% block footer %}{{ name }}{% endblock %}>",
            "part.stencil": "[{{ name|upperFirstLetter }}{% for item in items %}{{ item }}{% endfor %}]",
        ])
        for trim in [TrimBehaviour.none, .all] {
            _ = try? TemplateEnvironment(loader: loader, trimBehaviour: trim).parse(string: source, name: "input")
        }
        do {
            let environment = TemplateEnvironment(loader: loader, trimBehaviour: .smart, budget: .default)
            _ = try environment.render(templateNamed: "input", context: context)
        } catch let error as TemplateError {
            if error.exceededBudget != nil {
                require(error.line > 0, "a budget error without a place: \(error.description)")
            }
            _ = error.description
        } catch {
            _ = "\(error)"
        }
    }

    /// `template render --data`: JSON or YAML becomes the context of a template that prints it.
    static let templateData = FuzzTarget(
        name: "template-data",
        summary: "TemplateValue(json:) and YAML data as template values, rendered"
    ) { bytes in
        var values: [TemplateValue] = []
        do {
            values.append(try TemplateValue(json: Data(bytes)))
        } catch let error as TemplateJSONError {
            _ = error.description
        } catch {
            require(false, "TemplateValue(json:) threw a non-TemplateJSONError: \(error)")
        }
        if let node = try? YAML.parse(bytes: bytes) {
            values.append(VariableValues.templateValue(from: node))
        }
        let environment = TemplateEnvironment(trimBehaviour: .smart)
        for value in values where isSmall(value) {
            _ = try? environment.render(string: printer, context: ["data": value])
        }
    }

    /// At most 10,000 values, nested ones counted. Bigger data (alias bombs up to the YAML
    /// bound) renders tens of megabytes per dump: seconds per input, not a finding.
    private static func isSmall(_ value: TemplateValue) -> Bool {
        hasAtMost(10_000, nodes: value) { value in
            switch value {
            case .array(let items): return items
            case .dictionary(let entries): return Array(entries.values)
            default: return []
            }
        }
    }

    private static let printer = """
        {{ data }}|{{ data|join:"," }}|{{ data.0 }}|{{ data.first }}|{{ data.count }}
        {% for key, value in data %}{{ key }}={{ value|default:"-" }};{% endfor %}
        {% for item in data %}{{ forloop.counter }}:{{ item|lowercase }}{% endfor %}
        {% if data %}set{% else %}empty{% endif %}
        """

    /// Every kind of value a real context holds: text in any script, numbers at their limits,
    /// nil, nested lists and dictionaries.
    static let context: [String: TemplateValue] = [
        "name": "VideoList",
        "title": "방 생성 🚀 <b>&amp;</b>\n\tline two",
        "count": 3,
        "big": .int(Int.max),
        "small": .int(Int.min),
        "ratio": 2.5,
        "flag": true,
        "nothing": .null,
        "items": ["Alpha", "beta_gamma", "DeltaEpsilon"],
        "numbers": [1, -2, 3],
        "empty": [],
        "dependencies": ["browsingUseCase: BrowsingUserUseCaseInterface", "videoListContainable: VideoListContainable"],
        "user": ["name": "김건우", "tags": ["a", "b"], "nested": ["deep": ["deeper": 1]]],
    ]
}
