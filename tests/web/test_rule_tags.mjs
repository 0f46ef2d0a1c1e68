// web_rule_tags: the FIDE article under an explanation as each language's page writes it (web/i18n.js
// rule, rule_title): an Article's number in the language's digits with its decimal separator
// (Persian «۹٫۵٫۳»), an Appendix's or a Guideline's as the lessons write it («A.3», «II.3.2.7»: the
// Chess960 castling a context cites, Persian review F47), several joined by the language's comma.
// Usage: node test_rule_tags.mjs PATH/TO/web/i18n.js
import {pathToFileURL} from "node:url"

const {t} = await import(pathToFileURL(process.argv[2]).href)
const cases = [
    ["en", "3.8.2.2", "FIDE 3.8.2.2"], ["en", "II.3.2.7", "FIDE II.3.2.7"], ["en", "7.5.5, A.3", "FIDE 7.5.5, A.3"],
    ["fa", "3.8.2.2", "فیده ۳٫۸٫۲٫۲"], ["fa", "II.3.2.7", "فیده II.3.2.7"], ["fa", "7.5.5, A.3", "فیده ۷٫۵٫۵، A.3"],
    ["fa", "5.1.2", "فیده ۵٫۱٫۲"],
    ["ar", "3.8.2.2", "الفيدي 3.8.2.2"], ["ar", "II.3.2.7", "الفيدي II.3.2.7"], ["ar", "7.5.5, A.3", "الفيدي 7.5.5، A.3"],
]
let failed = 0
for (const [lang, article, want] of cases) {
    const got = t(lang, "rule", article)
    if (got !== want) {
        console.log(`FAIL ${lang} rule(${article}): «${got}», want «${want}»`)
        failed++
    }
}
const title = t("fa", "rule_title", "II.3.2.7")
if (!title.endsWith(" II.3.2.7")) {
    console.log(`FAIL fa rule_title(II.3.2.7): «${title}»`)
    failed++
}
console.log(`${cases.length + 1 - failed} passed, ${failed} failed`)
process.exit(failed ? 1 : 0)
