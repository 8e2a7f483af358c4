// Where over a float tensor (nonzero test) with a data-dependent result shape, then Identity.
// sweep: arg0.range=-1:2
func.func @test(%V__0: tensor<?x?xi32> { python_test_attrs.static_type = tensor<5x6xi32> }) -> tensor<?x2xi64> {
  %0 = "tf.Where"(%V__0) { device = "/job:localhost/replica:0/task:0/device:CPU:0" } : (tensor<?x?xi32>) -> tensor<?x2xi64>
  %1 = "tf.Identity"(%0) { device = "/job:localhost/replica:0/task:0/device:CPU:0" } : (tensor<?x2xi64>) -> tensor<?x2xi64>
  func.return %1 : tensor<?x2xi64>
}
