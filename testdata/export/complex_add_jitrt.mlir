// TF's own jitrt regression test add_complex.mlir (complex128 Add with broadcasting).
func.func @test(%V__0: tensor<?x?xcomplex<f64>> { python_test_attrs.static_type = tensor<10x1xcomplex<f64>> }, %V__1: tensor<?xcomplex<f64>> { python_test_attrs.static_type = tensor<5xcomplex<f64>> }) -> tensor<?x?xcomplex<f64>> {
  %2 = "tf.Add"(%V__0, %V__1) { device = "/job:localhost/replica:0/task:0/device:CPU:0" } : (tensor<?x?xcomplex<f64>>, tensor<?xcomplex<f64>>) -> tensor<?x?xcomplex<f64>>
  func.return %2 : tensor<?x?xcomplex<f64>>
}
