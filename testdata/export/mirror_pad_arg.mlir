// MirrorPad whose paddings are an argument (read on the host before the run), ui8 data.
// sweep: arg1.values=1,0,2,1 arg0.range=0:255
func.func @test(%arg0: tensor<?x?xui8> {python_test_attrs.static_type = tensor<3x4xui8>}, %arg1: tensor<2x2xi32>) -> tensor<?x?xui8> {
  %0 = "tf.MirrorPad"(%arg0, %arg1) {T = ui8, Tpaddings = i32, device = "", mode = "SYMMETRIC"} : (tensor<?x?xui8>, tensor<2x2xi32>) -> tensor<?x?xui8>
  func.return %0 : tensor<?x?xui8>
}
