// sandjit-test: rtol=1e-5 atol=1e-6
// tanh'(BiasAdd(x, b)) summed over the spatial dims of an NCHW tensor.
func.func @test(%V__0: tensor<?x?x?x?xf32> {python_test_attrs.static_type = tensor<2x3x4x5xf32>}, %V__1: tensor<?xf32> {python_test_attrs.static_type = tensor<3xf32>}) -> (tensor<?x?xf32>, tensor<?x?xf32>) {
  %one = "tf.Const"() {value = dense<1.000000e+00> : tensor<f32>} : () -> tensor<f32>
  %three = "tf.Const"() {value = dense<3.000000e+00> : tensor<f32>} : () -> tensor<f32>
  %dims = "tf.Const"() {value = dense<[2, 3]> : tensor<2xi32>} : () -> tensor<2xi32>
  %0 = "tf.BiasAdd"(%V__0, %V__1) {data_format = "NCHW", device = ""} : (tensor<?x?x?x?xf32>, tensor<?xf32>) -> tensor<?x?x?x?xf32>
  %1 = "tf.Tanh"(%0) {device = ""} : (tensor<?x?x?x?xf32>) -> tensor<?x?x?x?xf32>
  %2 = "tf.Square"(%1) {device = ""} : (tensor<?x?x?x?xf32>) -> tensor<?x?x?x?xf32>
  %3 = "tf.Sub"(%one, %2) {device = ""} : (tensor<f32>, tensor<?x?x?x?xf32>) -> tensor<?x?x?x?xf32>
  %4 = "tf.Neg"(%3) {device = ""} : (tensor<?x?x?x?xf32>) -> tensor<?x?x?x?xf32>
  %5 = "tf.Sum"(%4, %dims) {keep_dims = false, device = ""} : (tensor<?x?x?x?xf32>, tensor<2xi32>) -> tensor<?x?xf32>
  %6 = "tf.AddV2"(%5, %three) {device = ""} : (tensor<?x?xf32>, tensor<f32>) -> tensor<?x?xf32>
  %7 = "tf.Relu"(%6) {device = ""} : (tensor<?x?xf32>) -> tensor<?x?xf32>
  func.return %5, %7 : tensor<?x?xf32>, tensor<?x?xf32>
}
