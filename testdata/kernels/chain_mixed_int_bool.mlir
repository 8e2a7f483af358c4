// sandjit-test: rtol=0 atol=0
// i64 comparisons and logic feeding SelectV2, a Cast to f32 and integer/float/bool reductions (all exact).
func.func @test(%arg0: tensor<?x?xi64> {python_test_attrs.static_type = tensor<5x9xi64>}, %arg1: tensor<?xi64> {python_test_attrs.static_type = tensor<9xi64>}) -> (tensor<?xf32>, tensor<?xi32>, tensor<?xi1>, tensor<?x?xi64>) {
  %zero = "tf.Const"() {value = dense<0> : tensor<i64>} : () -> tensor<i64>
  %dims = "tf.Const"() {value = dense<1> : tensor<1xi32>} : () -> tensor<1xi32>
  %0 = "tf.Less"(%arg0, %arg1) {device = ""} : (tensor<?x?xi64>, tensor<?xi64>) -> tensor<?x?xi1>
  %1 = "tf.GreaterEqual"(%arg0, %zero) {device = ""} : (tensor<?x?xi64>, tensor<i64>) -> tensor<?x?xi1>
  %2 = "tf.LogicalAnd"(%0, %1) {device = ""} : (tensor<?x?xi1>, tensor<?x?xi1>) -> tensor<?x?xi1>
  %3 = "tf.SelectV2"(%2, %arg0, %arg1) {device = ""} : (tensor<?x?xi1>, tensor<?x?xi64>, tensor<?xi64>) -> tensor<?x?xi64>
  %4 = "tf.Cast"(%3) {Truncate = false, device = ""} : (tensor<?x?xi64>) -> tensor<?x?xf32>
  %5 = "tf.Sum"(%4, %dims) {device = "", keep_dims = false} : (tensor<?x?xf32>, tensor<1xi32>) -> tensor<?xf32>
  %6 = "tf.Cast"(%2) {Truncate = false, device = ""} : (tensor<?x?xi1>) -> tensor<?x?xi32>
  %7 = "tf.Sum"(%6, %dims) {device = "", keep_dims = false} : (tensor<?x?xi32>, tensor<1xi32>) -> tensor<?xi32>
  %8 = "tf.LogicalOr"(%2, %0) {device = ""} : (tensor<?x?xi1>, tensor<?x?xi1>) -> tensor<?x?xi1>
  %9 = "tf.All"(%8, %dims) {device = "", keep_dims = false} : (tensor<?x?xi1>, tensor<1xi32>) -> tensor<?xi1>
  func.return %5, %7, %9, %3 : tensor<?xf32>, tensor<?xi32>, tensor<?xi1>, tensor<?x?xi64>
}
