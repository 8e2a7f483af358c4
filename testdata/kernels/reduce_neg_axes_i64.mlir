// sandjit-test: rtol=1e-5 atol=1e-6
// Reduction axes as i64 constants: negative axes, a pair of axes, and a rank-0 (scalar) axis.
func.func @test(%V__0: tensor<?x?x?xf32> {python_test_attrs.static_type = tensor<3x4x5xf32>}) -> (tensor<?x?xf32>, tensor<1x?x1xf32>, tensor<?x?xf32>) {
  %dims0 = "tf.Const"() {value = dense<-1> : tensor<1xi64>, device = ""} : () -> tensor<1xi64>
  %0 = "tf.Sum"(%V__0, %dims0) {keep_dims = false, device = ""} : (tensor<?x?x?xf32>, tensor<1xi64>) -> tensor<?x?xf32>
  %dims1 = "tf.Const"() {value = dense<[-3, -1]> : tensor<2xi64>, device = ""} : () -> tensor<2xi64>
  %1 = "tf.Max"(%V__0, %dims1) {keep_dims = true, device = ""} : (tensor<?x?x?xf32>, tensor<2xi64>) -> tensor<1x?x1xf32>
  %dims2 = "tf.Const"() {value = dense<-2> : tensor<i64>, device = ""} : () -> tensor<i64>
  %2 = "tf.Mean"(%V__0, %dims2) {keep_dims = false, device = ""} : (tensor<?x?x?xf32>, tensor<i64>) -> tensor<?x?xf32>
  func.return %0, %1, %2 : tensor<?x?xf32>, tensor<1x?x1xf32>, tensor<?x?xf32>
}
