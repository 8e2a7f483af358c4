// sandjit-test: rtol=1e-5 atol=1e-6
// Row-wise L2 normalization with Pow(s, 0.5), then the row max of |y|.
func.func @test(%arg0: tensor<?x?xf32> {rt.constraint = "rank", python_test_attrs.static_type = tensor<7x13xf32>}) -> (tensor<?x?xf32>, tensor<?xf32>) {
  %cst = "tf.Const"() {value = dense<1> : tensor<1xi32>} : () -> tensor<1xi32>
  %cst_0 = "tf.Const"() {value = dense<5.000000e-01> : tensor<f32>} : () -> tensor<f32>
  %cst_1 = "tf.Const"() {value = dense<9.99999997E-7> : tensor<f32>} : () -> tensor<f32>
  %0 = "tf.Square"(%arg0) {device = ""} : (tensor<?x?xf32>) -> tensor<?x?xf32>
  %1 = "tf.Sum"(%0, %cst) {device = "", keep_dims = true} : (tensor<?x?xf32>, tensor<1xi32>) -> tensor<?x1xf32>
  %2 = "tf.Pow"(%1, %cst_0) {device = ""} : (tensor<?x1xf32>, tensor<f32>) -> tensor<?x1xf32>
  %3 = "tf.AddV2"(%2, %cst_1) {device = ""} : (tensor<?x1xf32>, tensor<f32>) -> tensor<?x1xf32>
  %4 = "tf.RealDiv"(%arg0, %3) {device = ""} : (tensor<?x?xf32>, tensor<?x1xf32>) -> tensor<?x?xf32>
  %5 = "tf.Abs"(%4) {device = ""} : (tensor<?x?xf32>) -> tensor<?x?xf32>
  %6 = "tf.Max"(%5, %cst) {device = "", keep_dims = false} : (tensor<?x?xf32>, tensor<1xi32>) -> tensor<?xf32>
  func.return %4, %6 : tensor<?x?xf32>, tensor<?xf32>
}
