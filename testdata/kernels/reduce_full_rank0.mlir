// sandjit-test: rtol=1e-5 atol=1e-6
// Full reductions to rank 0 (and to 1x1x1 with keep_dims); a rank-0 input reduced over no axes.
func.func @test(%V__0: tensor<?x?x?xf32> {python_test_attrs.static_type = tensor<2x3x4xf32>}, %V__1: tensor<f32> {python_test_attrs.static_type = tensor<f32>}) -> (tensor<f32>, tensor<f32>, tensor<1x1x1xf32>, tensor<f32>, tensor<f32>) {
  %all = "tf.Const"() {value = dense<[0, 1, 2]> : tensor<3xi32>} : () -> tensor<3xi32>
  %none = "tf.Const"() {value = dense<> : tensor<0xi32>} : () -> tensor<0xi32>
  %0 = "tf.Sum"(%V__0, %all) {keep_dims = false, device = ""} : (tensor<?x?x?xf32>, tensor<3xi32>) -> tensor<f32>
  %1 = "tf.Max"(%V__0, %all) {keep_dims = false, device = ""} : (tensor<?x?x?xf32>, tensor<3xi32>) -> tensor<f32>
  %2 = "tf.Min"(%V__0, %all) {keep_dims = true, device = ""} : (tensor<?x?x?xf32>, tensor<3xi32>) -> tensor<1x1x1xf32>
  %3 = "tf.Mean"(%V__0, %all) {keep_dims = false, device = ""} : (tensor<?x?x?xf32>, tensor<3xi32>) -> tensor<f32>
  %4 = "tf.Sum"(%V__1, %none) {keep_dims = false, device = ""} : (tensor<f32>, tensor<0xi32>) -> tensor<f32>
  func.return %0, %1, %2, %3, %4 : tensor<f32>, tensor<f32>, tensor<1x1x1xf32>, tensor<f32>, tensor<f32>
}
