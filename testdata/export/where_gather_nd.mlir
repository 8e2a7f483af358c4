// tf.where(cond) feeding GatherNd (tf.gather_nd(x, tf.where(x > 0))): a data-dependent count flowing on.
func.func @test(%V__0: tensor<?x?xf32> { python_test_attrs.static_type = tensor<4x5xf32> }) -> tensor<?xf32> {
  %zero = "tf.Const"() {device = "", value = dense<0.000000e+00> : tensor<f32>} : () -> tensor<f32>
  %0 = "tf.Greater"(%V__0, %zero) {T = f32, device = ""} : (tensor<?x?xf32>, tensor<f32>) -> tensor<?x?xi1>
  %1 = "tf.Where"(%0) {T = i1, device = ""} : (tensor<?x?xi1>) -> tensor<?x2xi64>
  %2 = "tf.GatherNd"(%V__0, %1) {Tindices = i64, Tparams = f32, device = ""} : (tensor<?x?xf32>, tensor<?x2xi64>) -> tensor<?xf32>
  %3 = "tf.Identity"(%2) {T = f32, device = ""} : (tensor<?xf32>) -> tensor<?xf32>
  func.return %3 : tensor<?xf32>
}
